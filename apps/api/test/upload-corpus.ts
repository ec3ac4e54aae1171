/**
 * Files for upload tests: tiny real images (made with ffmpeg, 8x8 teal) and a corpus of hostile files
 * that must all be refused by every upload endpoint.
 */
import { pngChunk } from './media-files';

export const REAL = {
  jpg: Buffer.from('/9j/4AAQSkZJRgABAgAAAQABAAD//gAQTGF2YzU5LjM3LjEwMAD/2wBDAAgEBAQEBAUFBQUFBQYGBgYGBgYGBgYGBgYHBwcICAgHBwcGBgcHCAgICAkJCQgICAgJCQoKCgwMCwsODg4RERT/xABMAAEBAAAAAAAAAAAAAAAAAAAABgEBAQAAAAAAAAAAAAAAAAAABQcQAQAAAAAAAAAAAAAAAAAAAAARAQAAAAAAAAAAAAAAAAAAAAD/wAARCAAIAAgDASIAAhEAAxEA/9oADAMBAAIRAxEAPwCZALJ+/9k=', 'base64'),
  png: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAABAAAAAQBPJcTWAAAAEElEQVR4nGNgqKvHjoaWBACXcD9BIPfmXQAAAABJRU5ErkJggg==', 'base64'),
  webp: Buffer.from('UklGRjgAAABXRUJQVlA4ICwAAACQAQCdASoIAAgAAgA0JaACdLoAA5gA/u8pR8TxdvIb/6MP/xpH/GkfDmAAAA==', 'base64'),
  /** The first 64 bytes of a real MP4 (seed/media/clip-c.mp4): enough for a type check. */
  mp4Head: Buffer.from('AAAAIGZ0eXBpc29tAAACAGlzb21pc28yYXZjMW1wNDEAAA9UbW9vdgAAAGxtdmhkAAAAAAAAAAAAAAAAAAAD6A==', 'base64'),
};

const text = (s: string) => Buffer.from(s, 'utf8');
/** The 8-byte signature and the 25-byte IHDR chunk of REAL.png: where ancillary chunks may go. */
const PNG_HEAD = 33;

/** [description, file name, client content type, bytes] */
export const HOSTILE: [string, string, string, Buffer][] = [
  ['an SVG with a script', 'avatar.svg', 'image/svg+xml', text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>')],
  ['an SVG named .png', 'avatar.png', 'image/png', text('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10"/></svg>')],
  ['an HTML page named .jpg', 'photo.jpg', 'image/jpeg', text('<!DOCTYPE html><html><body><script>fetch("/api")</script></body></html>')],
  ['a PNG with HTML appended (polyglot)', 'poly.png', 'image/png', Buffer.concat([REAL.png, text('<html><script>alert(document.cookie)</script></html>')])],
  ['a JPEG with a script in a comment (polyglot)', 'poly.jpg', 'image/jpeg', Buffer.concat([REAL.jpg.subarray(0, 20), text('<script>alert(1)</script>'), REAL.jpg.subarray(20)])],
  ['a WebP with PHP inside', 'poly.webp', 'image/webp', Buffer.concat([REAL.webp, text('<?php system($_GET["c"]); ?>')])],
  ['a Linux executable named .png', 'run.png', 'image/png', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)])],
  ['a Windows executable named .jpg', 'setup.jpg', 'image/jpeg', Buffer.concat([text('MZ'), Buffer.alloc(60), text('This program cannot be run in DOS mode')])],
  ['a ZIP named .webp', 'archive.webp', 'image/webp', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)])],
  ['a PDF named .png', 'doc.png', 'image/png', text('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF')],
  ['a GIF', 'anim.gif', 'image/gif', Buffer.concat([text('GIF89a'), Buffer.alloc(40)])],
  ['a BMP', 'pic.bmp', 'image/bmp', Buffer.concat([text('BM'), Buffer.alloc(60)])],
  ['a shell script named .jpg', 'x.jpg', 'image/jpeg', text('#!/bin/sh\nrm -rf /\n')],
  ['plain text named .png', 'notes.png', 'image/png', text('just some text, not an image at all')],
  ['an empty file', 'empty.png', 'image/png', Buffer.alloc(0)],
  ['a truncated JPEG marker', 'tiny.jpg', 'image/jpeg', Buffer.from([0xff, 0xd8])],
  ['a RIFF that is not WebP (WAV)', 'sound.webp', 'image/webp', Buffer.concat([text('RIFF'), Buffer.alloc(4), text('WAVEfmt '), Buffer.alloc(40)])],
  ['a JavaScript file named .png', 'app.png', 'image/png', text('alert(1); document.location="https://evil.example"')],
  // Markup the first, hand-written marker list missed, each inside a real image (polyglots): markup-scan.ts.
  ['a PNG with a javascript: link in a tEXt chunk (polyglot)', 'link.png', 'image/png', Buffer.concat([REAL.png.subarray(0, PNG_HEAD), pngChunk('tEXt', text('Comment\0<a href="javascript:alert(1)">x</a>')), REAL.png.subarray(PNG_HEAD)])],
  ['a PNG with an event handler after IEND (polyglot)', 'handler.png', 'image/png', Buffer.concat([REAL.png, text('<img src=x onerror=alert(document.cookie)>')])],
  ['a JPEG with a meta refresh in a comment (polyglot)', 'refresh.jpg', 'image/jpeg', Buffer.concat([REAL.jpg.subarray(0, 20), text('<meta http-equiv="refresh" content="0;url=https://evil.example/">'), REAL.jpg.subarray(20)])],
  ['a WebP with XHTML script behind a prefix (polyglot)', 'ns.webp', 'image/webp', Buffer.concat([REAL.webp, text('<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>')])],
];

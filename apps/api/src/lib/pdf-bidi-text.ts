import bidiFactory from 'bidi-js';

/**
 * Bidirectional text for pdfkit. pdfkit hands each string to fontkit, which shapes it
 * (Arabic joining forms, lam-alef) but knows nothing of the Unicode Bidi Algorithm: it
 * guesses one direction for the whole string from its first letter, and without
 * `features` it even lays out word by word in logical order, which reverses the words
 * of an Arabic phrase. So each line is split here into runs of one embedding level, the
 * runs are ordered visually (UAX #9 rule L2) and each run is drawn on its own, shaped as
 * a whole. The glyphs of right-to-left runs then sit in visual order in the content
 * stream, so a line holding any is wrapped in an ActualText span with the line's logical
 * string (letters as typed, brackets unmirrored) for copy-paste and text extraction.
 * One span per line rather than per run: pdf.js ignores ActualText but ends a text item
 * at every marked-content boundary, and per-run spans cut a mixed line into pieces that it
 * can no longer put back in reading order.
 */

type Doc = PDFKit.PDFDocument;

const bidi = bidiFactory();

// Explicit controls in user-written names could reorder the rest of a line (spoofing) and
// have no visible glyph: each value is laid out as plain text with its own direction.
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

// fontkit reverses a run into visual order when its first letter of a specific script is
// of a right-to-left script, whatever the run's bidi level. Arabic-Indic digits count as
// Arabic there but run left to right; a run of neutrals at an odd level runs right to left.
const SCRIPT_LETTER = /[^\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;
const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

// Shaping is asked for explicitly so that pdfkit lays out the run as one piece.
const SHAPED = { features: [] as PDFKit.Mixins.OpenTypeFeatures[] };

export type Direction = 'rtl' | 'ltr' | 'auto';
export type Align = 'left' | 'right' | 'center';

export interface TextStyle {
  font: string;
  size: number;
  color: string;
}

interface Run {
  rtl: boolean;
  /** The string given to pdfkit: mirrored, and in the order that fontkit's reversal (if any) turns into visual order. */
  glyphText: string;
  width: number;
}

export interface LaidOutLine {
  logical: string;
  runs: Run[];
  width: number;
}

export function plainText(value: string): string {
  return value.replace(BIDI_CONTROLS, '').replace(/\s+/g, ' ').trim();
}

function fontkitShapesRightToLeft(text: string): boolean {
  const letter = SCRIPT_LETTER.exec(text);
  return !!letter && RTL_SCRIPT.test(letter[0]);
}

function glyphOrderText(logical: string, rtl: boolean): string {
  const chars = Array.from(logical, (ch) => (rtl ? (bidi.getMirroredCharacter(ch) ?? ch) : ch));
  return fontkitShapesRightToLeft(logical) === rtl ? chars.join('') : chars.reverse().join('');
}

/** Runs of one level between `start` and `end` (exclusive), in visual order (rule L2). */
function visualRuns(text: string, levels: Uint8Array, start: number, end: number) {
  const runs: Array<{ start: number; end: number; level: number }> = [];
  for (let i = start; i < end; i++) {
    const level = levels[i]!;
    const last = runs.at(-1);
    if (last && last.level === level) last.end = i + 1;
    else runs.push({ start: i, end: i + 1, level });
  }
  const highest = Math.max(0, ...runs.map((r) => r.level));
  const lowestOdd = Math.min(...runs.map((r) => (r.level % 2 ? r.level : r.level + 1)));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < runs.length; i++) {
      if (runs[i]!.level < level) continue;
      let j = i;
      while (j + 1 < runs.length && runs[j + 1]!.level >= level) j++;
      runs.splice(i, j - i + 1, ...runs.slice(i, j + 1).reverse());
      i = j;
    }
  }
  return runs.map((r) => ({ text: text.slice(r.start, r.end), rtl: r.level % 2 === 1 }));
}

function layOutLine(doc: Doc, text: string, levels: Uint8Array, start: number, end: number): LaidOutLine {
  const runs = visualRuns(text, levels, start, end).map(({ text: logical, rtl }) => {
    const glyphText = glyphOrderText(logical, rtl);
    return { rtl, glyphText, width: doc.widthOfString(glyphText, SHAPED) };
  });
  return { logical: text.slice(start, end), runs, width: runs.reduce((sum, r) => sum + r.width, 0) };
}

/**
 * Breaks a paragraph at spaces into lines no wider than `maxWidth` (a word wider than that
 * gets a line of its own). Words are measured once each, since no shaping crosses a space;
 * levels are resolved once for the paragraph, then reordered per line, as UAX #9 says.
 */
export function layOutParagraph(doc: Doc, value: string, style: TextStyle, maxWidth: number, direction: Direction): LaidOutLine[] {
  doc.font(style.font).fontSize(style.size);
  const text = plainText(value);
  const { levels } = bidi.getEmbeddingLevels(text, direction);
  const space = doc.widthOfString(' ', SHAPED);
  const lines: LaidOutLine[] = [];
  let line: { start: number; end: number; width: number } | null = null;
  for (const word of text.matchAll(/[^ ]+/g)) {
    const width = doc.widthOfString(word[0], SHAPED);
    const end = word.index + word[0].length;
    if (line && line.width + space + width <= maxWidth) {
      line.end = end;
      line.width += space + width;
      continue;
    }
    if (line) lines.push(layOutLine(doc, text, levels, line.start, line.end));
    line = { start: word.index, end, width };
  }
  if (line) lines.push(layOutLine(doc, text, levels, line.start, line.end));
  return lines;
}

export interface Fit {
  maxLines: number;
  minSize: number;
}

function fits(lines: LaidOutLine[], maxLines: number, maxWidth: number) {
  return lines.length <= maxLines && lines.every((l) => l.width <= maxWidth);
}

/** The longest prefix (by the given cut points) that still fits once an ellipsis is added. */
function longestFittingPrefix(doc: Doc, text: string, cuts: number[], style: TextStyle, maxWidth: number, direction: Direction, maxLines: number) {
  let [low, high] = [0, cuts.length - 1];
  let best: LaidOutLine[] | null = null;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const lines = layOutParagraph(doc, `${text.slice(0, cuts[mid]).trimEnd()}…`, style, maxWidth, direction);
    if (fits(lines, maxLines, maxWidth)) [best, low] = [lines, mid + 1];
    else high = mid - 1;
  }
  return best;
}

/**
 * Shrinks the text until it fits: from `style.size` down, the first tier (in order) whose
 * line count is met, at the largest size that meets it. Past the last tier the text is cut,
 * at a word if it can be, and ends with an ellipsis, so that no stored value, however long,
 * runs into the rest of the page.
 */
export function fitParagraph(doc: Doc, value: string, style: TextStyle, maxWidth: number, direction: Direction, tiers: Fit[]) {
  let size = style.size;
  for (const tier of tiers) {
    for (; size >= tier.minSize; size--) {
      const lines = layOutParagraph(doc, value, { ...style, size }, maxWidth, direction);
      if (fits(lines, tier.maxLines, maxWidth)) return { style: { ...style, size }, lines };
    }
    size = tier.minSize;
  }
  const last = tiers.at(-1)!;
  const smallest = { ...style, size: last.minSize };
  const text = plainText(value);
  const wordCuts = [...text.matchAll(/ /g)].map((m) => m.index);
  const charCuts = [...text.matchAll(/\P{M}\p{M}*/gu)].map((m) => m.index + m[0].length);
  const lines =
    longestFittingPrefix(doc, text, wordCuts, smallest, maxWidth, direction, last.maxLines) ??
    longestFittingPrefix(doc, text, charCuts, smallest, maxWidth, direction, last.maxLines) ??
    [];
  return { style: smallest, lines };
}

/**
 * Draws laid-out lines with their first baseline at `baseline`, `lineHeight` apart, aligned
 * within [x, x + width]. Returns the baseline of the last line.
 */
export function drawLines(doc: Doc, lines: LaidOutLine[], style: TextStyle, box: { x: number; width: number; baseline: number; lineHeight: number; align: Align }): number {
  doc.font(style.font).fontSize(style.size).fillColor(style.color);
  let baseline = box.baseline;
  for (const line of lines) {
    const free = box.width - line.width;
    let x = box.x + (box.align === 'right' ? free : box.align === 'center' ? free / 2 : 0);
    const visualOrder = line.runs.some((r) => r.rtl);
    if (visualOrder) doc.markContent('Span', { actual: line.logical });
    for (const run of line.runs) {
      doc.text(run.glyphText, x, baseline, { ...SHAPED, lineBreak: false, baseline: 'alphabetic' });
      x += run.width;
    }
    if (visualOrder) doc.endMarkedContent();
    baseline += box.lineHeight;
  }
  return box.baseline + Math.max(lines.length - 1, 0) * box.lineHeight;
}

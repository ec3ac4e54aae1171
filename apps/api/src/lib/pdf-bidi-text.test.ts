import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { layOutParagraph, plainText } from './pdf-bidi-text';

const font = createRequire(import.meta.url).resolve('@expo-google-fonts/amiri/400Regular/Amiri_400Regular.ttf');
const doc = new PDFDocument({ font });
const style = { font, size: 20, color: '#000' };

/** The strings handed to pdfkit for one line, left to right on the page. */
function drawnRuns(text: string, direction: 'rtl' | 'ltr' | 'auto' = 'rtl') {
  const lines = layOutParagraph(doc, text, style, 10_000, direction);
  expect(lines).toHaveLength(1);
  return lines[0]!.runs.map((r) => r.glyphText);
}

describe('bidirectional lines for pdfkit', () => {
  it('puts the runs of a mixed line in visual order, Arabic runs left for fontkit to reverse', () => {
    expect(drawnRuns('أساسيات البرمجة بلغة Python 3')).toEqual(['Python 3', 'أساسيات البرمجة بلغة ']);
    expect(drawnRuns('مقدمة في Node.js و React')).toEqual(['React', ' و ', 'Node.js', 'مقدمة في ']);
  });

  it('pre-reverses Arabic-Indic digits, which fontkit would otherwise lay out right to left', () => {
    expect(drawnRuns('الإصدار ٢٠٢٥')).toEqual(['٥٢٠٢', 'الإصدار ']);
  });

  it('reverses a right-to-left run of neutrals itself, since fontkit lays it out left to right', () => {
    // Between two numbers in Arabic text, ': ' resolves right to left and has no Arabic letter.
    expect(drawnRuns('الدرس 1: 2')).toEqual(['2', ' :', '1', 'الدرس ']);
  });

  it('mirrors brackets in right-to-left runs', () => {
    expect(drawnRuns('(للمبتدئين)')).toEqual([')للمبتدئين(']);
  });

  it('takes the direction of user text from its first letter', () => {
    expect(drawnRuns('Laila ليلى', 'auto')).toEqual(['Laila ', 'ليلى']);
    expect(drawnRuns('ليلى Laila', 'auto')).toEqual(['Laila', 'ليلى ']);
  });

  it('keeps a left-to-right token whole only in a left-to-right paragraph, whatever it starts with', () => {
    // UAX #9: in right-to-left text, digits with no Latin letter before them are a run of their
    // own, put left of the Latin run that follows. So the certificate lays out its code as 'ltr'.
    expect(drawnRuns('2849-GACS-4X3V', 'rtl')).toEqual(['GACS-4X3V', '-', '2849']);
    expect(drawnRuns('2849-GACS-4X3V', 'ltr')).toEqual(['2849-GACS-4X3V']);
    expect(drawnRuns('ABCD-1234-EFGH', 'ltr')).toEqual(['ABCD-1234-EFGH']);
  });

  it('drops explicit direction controls, so a name cannot reorder what follows it', () => {
    expect(plainText('\u202Eليلى\u202C  عبد الله\u200F')).toBe('ليلى عبد الله');
  });
});

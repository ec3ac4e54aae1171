import PDFDocument from 'pdfkit';
import { PDF_FONTS, pdfBytes } from './pdf-document';
import { noteTimeText } from '@nibras/contract';
import { translate, type Language } from './i18n';
import { drawLines, layOutParagraph, plainText, type Direction, type LaidOutLine, type TextStyle } from './pdf-bidi-text';

export interface NotesPdfInput {
  courseTitle: string;
  participantName: string;
  language: Language;
  exportedAt: Date;
  notes: Array<{ sectionId: number; sectionTitle: string; lectureId: number; lectureTitle: string; positionSeconds: number | null; body: string }>;
}

// Amiri (lib/pdf-document.ts).
const FONTS = PDF_FONTS;
const COLORS = { teal: '#0e4d4f', gold: '#b08d57', ink: '#1f2933', muted: '#5b6770' };

// A4 portrait, in points.
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - MARGIN;

/** "29 November 2026", Gregorian and UTC, Latin digits in Arabic too (as the certificates). */
function dateText(date: Date, language: Language): string {
  const locale = language === 'ar' ? 'ar-u-nu-latn-ca-gregory' : 'en-GB-u-ca-gregory';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

const FIRST_LETTER = /\p{L}/u;
const RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/** Whether a text's first letter is of a right-to-left script: the direction dir="auto" gives it. */
function startsRightToLeft(text: string): boolean {
  const letter = FIRST_LETTER.exec(text);
  return !!letter && RTL_LETTER.test(letter[0]);
}

/**
 * A participant's notes on a course as an A4 PDF, as many pages as they take: headed in the reader's
 * language and laid out in its direction; each section and lecture that holds notes, then each note with
 * its moment. Notes and titles take their direction, and their start edge, from their first letter (Arabic
 * shaped and ordered right to left by lib/pdf-bidi-text.ts, as on the certificates); each line of a note's
 * text stays a line.
 */
export function renderNotesPdf(input: NotesPdfInput): Promise<Buffer> {
  const lang = input.language;
  const t = (key: string, params?: Record<string, string | number>) => translate(lang, `api.notes.export.${key}`, params);
  const dir: Direction = lang === 'ar' ? 'rtl' : 'ltr';

  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: 0,
    font: FONTS.regular,
    lang,
    displayTitle: true,
    info: { Title: t('title', { course: plainText(input.courseTitle) }), Author: plainText(input.participantName), Creator: translate(lang, 'app.name') },
  });
  const done = pdfBytes(doc);

  const style = (font: 'regular' | 'bold', size: number, color: string): TextStyle => ({ font: FONTS[font], size, color });
  // The top of the next line: each block moves it down, and a line that would pass the bottom margin starts a new page.
  let y = MARGIN;
  /** Lines from the start edge of their own direction (a user's text, like dir="auto" with text-align: start), indented there. */
  const lines = (laid: LaidOutLine[], s: TextStyle, rightToLeft: boolean, opts: { indent?: number; lineHeight?: number; keepWithNext?: number } = {}) => {
    const lineHeight = s.size * (opts.lineHeight ?? 1.5);
    const indent = opts.indent ?? 0;
    laid.forEach((line, i) => {
      // A heading keeps its first following line on its page.
      const needed = lineHeight + (i === laid.length - 1 ? (opts.keepWithNext ?? 0) : 0);
      if (y + needed > BOTTOM) {
        doc.addPage({ size: [PAGE.width, PAGE.height], margin: 0 });
        y = MARGIN;
      }
      const box = { x: rightToLeft ? MARGIN : MARGIN + indent, width: CONTENT_WIDTH - indent, baseline: y + s.size, lineHeight };
      drawLines(doc, [line], s, { ...box, align: rightToLeft ? 'right' : 'left' });
      y += lineHeight;
    });
  };
  /** `edgeOf`: another text whose start edge this one keeps (a note's time stands where its text starts). */
  const paragraph = (value: string, s: TextStyle, opts: { direction?: Direction; indent?: number; keepWithNext?: number; lineHeight?: number; edgeOf?: string } = {}) => {
    const direction = opts.direction ?? dir;
    const laid = layOutParagraph(doc, value, s, CONTENT_WIDTH - (opts.indent ?? 0), direction);
    const rightToLeft = opts.edgeOf !== undefined ? startsRightToLeft(opts.edgeOf) : direction === 'auto' ? startsRightToLeft(value) : direction === 'rtl';
    lines(laid, s, rightToLeft, opts);
  };

  const body = style('regular', 12, COLORS.ink);
  paragraph(t('title', { course: input.courseTitle }), style('bold', 20, COLORS.teal), { lineHeight: 1.4 });
  paragraph(t('written_by', { name: input.participantName, date: dateText(input.exportedAt, lang) }), style('regular', 11, COLORS.muted));
  y += 4;
  doc.rect(MARGIN, y, CONTENT_WIDTH, 1.5).fill(COLORS.gold);
  y += 14;
  if (!input.notes.length) paragraph(t('empty'), style('regular', 12, COLORS.muted));

  let section: number | null = null;
  let lecture: number | null = null;
  for (const note of input.notes) {
    if (note.sectionId !== section) {
      section = note.sectionId;
      lecture = null;
      y += 8;
      paragraph(note.sectionTitle, style('bold', 16, COLORS.ink), { direction: 'auto', keepWithNext: 60 });
    }
    if (note.lectureId !== lecture) {
      lecture = note.lectureId;
      y += 4;
      paragraph(note.lectureTitle, style('bold', 13, COLORS.teal), { direction: 'auto', keepWithNext: 40 });
    }
    y += 2;
    const lead = note.positionSeconds === null ? t('whole_lecture') : noteTimeText(note.positionSeconds);
    paragraph(lead, style('bold', 10.5, COLORS.gold), { direction: note.positionSeconds === null ? dir : 'ltr', indent: 12, keepWithNext: 18, edgeOf: note.body });
    for (const line of note.body.split(/\r?\n/)) {
      if (!line.trim()) {
        y += body.size * 0.6;
        continue;
      }
      paragraph(line, body, { direction: 'auto', indent: 12 });
    }
    y += 6;
  }

  doc.end();
  return done;
}

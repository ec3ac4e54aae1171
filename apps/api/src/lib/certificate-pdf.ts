import PDFDocument from 'pdfkit';
import { PDF_FONTS, pdfBytes } from './pdf-document';
import { translate, type Language } from './i18n';
import { drawLines, fitParagraph, layOutParagraph, plainText, type Align, type Direction, type Fit, type TextStyle } from './pdf-bidi-text';

export interface CertificateInput {
  code: string;
  participantName: string;
  courseTitle: string;
  instructorName: string;
  issuedAt: Date;
  language: Language;
  verifyUrl: string;
}

// Amiri (lib/pdf-document.ts).
const FONTS = PDF_FONTS;

const COLORS = { paper: '#fffdf7', teal: '#0e4d4f', gold: '#b08d57', ink: '#1f2933', muted: '#5b6770' };

// A4 landscape, in points.
const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 76;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const SEAL_RADIUS = 50;
const FOOTER_TOP = 420;

/**
 * Gregorian calendar and UTC, so the date never depends on the server's settings. Arabic
 * month names with Latin digits: CLDR's choice for plain `ar`, and the digits the Maghreb
 * writes and everyone reads, where Arabic-Indic ones are the Mashriq's.
 */
export function formatCertificateDate(date: Date, language: Language): string {
  const locale = language === 'ar' ? 'ar-u-nu-latn-ca-gregory' : 'en-GB-u-ca-gregory';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** A one-page A4 landscape certificate, laid out right to left in Arabic, left to right in English. */
export function renderCertificatePdf(input: CertificateInput): Promise<Buffer> {
  const lang = input.language;
  const t = (key: string, params?: Record<string, string>) => translate(lang, `certificate.pdf.${key}`, params);
  const rtl = lang === 'ar';
  const dir: Direction = rtl ? 'rtl' : 'ltr';
  const align: Align = rtl ? 'right' : 'left';
  const startX = (width: number) => (rtl ? PAGE.width - MARGIN - width : MARGIN);

  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: 0,
    font: FONTS.regular,
    lang,
    displayTitle: true,
    info: {
      Title: t('document_title', { course: plainText(input.courseTitle) }),
      Author: translate(lang, 'app.name'),
      Subject: plainText(input.participantName),
      Keywords: input.code,
    },
  });
  const done = pdfBytes(doc);

  const style = (font: 'regular' | 'bold', size: number, color: string): TextStyle => ({ font: FONTS[font], size, color });
  /**
   * A paragraph at `baseline`, aligned to the page's start edge. Its direction is the page's unless
   * given: 'auto' for user-written values, which take theirs from their first letter like dir="auto";
   * 'ltr' for tokens that are read and typed left to right whatever they start with (the code, the URL).
   */
  const paragraph = (value: string, s: TextStyle, baseline: number, opts: { width?: number; x?: number; direction?: Direction; fit?: Fit[]; lineHeight?: number } = {}) => {
    const width = opts.width ?? CONTENT_WIDTH;
    const direction = opts.direction ?? dir;
    const { style: fitted, lines } = opts.fit
      ? fitParagraph(doc, value, s, width, direction, opts.fit)
      : { style: s, lines: layOutParagraph(doc, value, s, width, direction) };
    const lineHeight = fitted.size * (opts.lineHeight ?? 1.4);
    return drawLines(doc, lines, fitted, { x: opts.x ?? startX(width), width, baseline, lineHeight, align });
  };

  drawFrame(doc);

  paragraph(translate(lang, 'app.name'), style('bold', 24, COLORS.teal), 92);
  doc.rect(startX(56), 104, 56, 2).fill(COLORS.gold);
  paragraph(t('title'), style('bold', 40, COLORS.ink), 160);
  paragraph(t('presented_to'), style('regular', 16, COLORS.muted), 212);
  // The tiers keep the name and the course above the footer however long they are.
  let y = paragraph(input.participantName, style('bold', 38, COLORS.teal), 264, { direction: 'auto', fit: [{ maxLines: 1, minSize: 26 }, { maxLines: 2, minSize: 18 }], lineHeight: 1.3 });
  doc.rect(MARGIN, y + 20, CONTENT_WIDTH, 0.75).fill(COLORS.gold);
  y = paragraph(t('for_completing'), style('regular', 16, COLORS.muted), y + 50);
  paragraph(input.courseTitle, style('bold', 24, COLORS.ink), y + 34, { direction: 'auto', fit: [{ maxLines: 1, minSize: 18 }, { maxLines: 2, minSize: 15 }], lineHeight: 1.3 });

  // Footer: instructor, date and code side by side from the start edge; the seal at the end edge.
  const columnWidth = 190;
  // The code is a left-to-right token even on an Arabic page. Laid out right to left, a code whose
  // first group is all digits would be printed out of order ('2849-GACS-4X3V' as 'GACS-4X3V-2849'):
  // with no Latin letter before them, UAX #9 keeps those digits a run of their own, and a
  // right-to-left line puts that run at its left end.
  const columns: Array<[string, string, Direction]> = [
    [t('instructor'), input.instructorName, 'auto'],
    [t('issued_on'), formatCertificateDate(input.issuedAt, lang), dir],
    [t('code'), input.code, 'ltr'],
  ];
  columns.forEach(([label, value, direction], i) => {
    const x = rtl ? PAGE.width - MARGIN - (i + 1) * columnWidth + 20 : MARGIN + i * columnWidth;
    const width = columnWidth - 20;
    doc.rect(rtl ? x + width - 40 : x, FOOTER_TOP, 40, 1.5).fill(COLORS.gold);
    paragraph(label, style('regular', 12, COLORS.muted), FOOTER_TOP + 24, { x, width });
    paragraph(value, style('bold', 16, COLORS.ink), FOOTER_TOP + 50, { x, width, direction, fit: [{ maxLines: 1, minSize: 10 }] });
  });
  // The URL gets a line of its own: pdf.js orders a line by its majority script, which would misplace the Arabic words beside a long URL.
  const footnoteWidth = CONTENT_WIDTH - 2 * SEAL_RADIUS - 20;
  paragraph(t('verify_at'), style('regular', 11, COLORS.muted), FOOTER_TOP + 96, { width: footnoteWidth });
  paragraph(input.verifyUrl, style('regular', 11, COLORS.teal), FOOTER_TOP + 114, { width: footnoteWidth, direction: 'ltr', fit: [{ maxLines: 1, minSize: 7 }] });
  drawSeal(doc, rtl ? MARGIN + SEAL_RADIUS : PAGE.width - MARGIN - SEAL_RADIUS, FOOTER_TOP + 40, translate(lang, 'app.name'), style('bold', 20, COLORS.teal));

  doc.end();
  return done;
}

function drawFrame(doc: PDFKit.PDFDocument) {
  doc.rect(0, 0, PAGE.width, PAGE.height).fill(COLORS.paper);
  doc.lineWidth(3).rect(20, 20, PAGE.width - 40, PAGE.height - 40).stroke(COLORS.teal);
  doc.lineWidth(0.8).rect(30, 30, PAGE.width - 60, PAGE.height - 60).stroke(COLORS.gold);
  for (const [cx, cy] of [[30, 30], [PAGE.width - 30, 30], [30, PAGE.height - 30], [PAGE.width - 30, PAGE.height - 30]] as const) {
    doc.polygon([cx, cy - 7], [cx + 7, cy], [cx, cy + 7], [cx - 7, cy]).fill(COLORS.gold);
  }
}

/** A round seal: a ring of rays (the lantern's light) around the platform's name. */
function drawSeal(doc: PDFKit.PDFDocument, cx: number, cy: number, name: string, nameStyle: TextStyle) {
  doc.circle(cx, cy, SEAL_RADIUS).fill(COLORS.gold);
  doc.circle(cx, cy, SEAL_RADIUS - 5).fill(COLORS.paper);
  doc.lineWidth(1);
  for (let i = 0; i < 32; i++) {
    const a = (i / 32) * 2 * Math.PI;
    const [inner, outer] = i % 2 ? [SEAL_RADIUS - 14, SEAL_RADIUS - 9] : [SEAL_RADIUS - 17, SEAL_RADIUS - 9];
    doc.moveTo(cx + inner * Math.cos(a), cy + inner * Math.sin(a)).lineTo(cx + outer * Math.cos(a), cy + outer * Math.sin(a)).stroke(COLORS.gold);
  }
  doc.circle(cx, cy, SEAL_RADIUS - 20).lineWidth(1.5).stroke(COLORS.teal);
  const inner = 2 * (SEAL_RADIUS - 24);
  const { style, lines } = fitParagraph(doc, name, nameStyle, inner, 'auto', [{ maxLines: 1, minSize: 9 }]);
  drawLines(doc, lines, style, { x: cx - inner / 2, width: inner, baseline: cy + style.size * 0.3, lineHeight: style.size, align: 'center' });
}

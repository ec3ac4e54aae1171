import PDFDocument from 'pdfkit';
import { PDF_FONTS, pdfBytes } from './pdf-document';
import { invoiceNumberText, minorText } from '@nibras/contract';
import { translate } from './i18n';
import { drawLines, fitParagraph, plainText, type Direction, type TextStyle } from './pdf-bidi-text';
import { qrPng, zatcaTimestamp, zatcaTlvBase64 } from './zatca-qr';

/** What a tax invoice says: its own copy, kept when it was issued (db/schema/invoices.ts). */
export interface InvoiceInput {
  sequence: number;
  issuedAt: Date;
  sellerName: string;
  sellerVatNumber: string;
  vatBasisPoints: number;
  netMinor: number;
  vatMinor: number;
  totalMinor: number;
  currency: string;
  buyerName: string;
  buyerEmail: string;
  courseTitle: string;
  orderReference: string;
}

// Amiri (lib/pdf-document.ts).
const FONTS = PDF_FONTS;
const COLORS = { teal: '#0e4d4f', gold: '#b08d57', ink: '#1f2933', muted: '#5b6770', band: '#f3efe4' };

// A4 portrait, in points.
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const LABEL_WIDTH = 150;
const VALUE_WIDTH = CONTENT_WIDTH - 2 * LABEL_WIDTH - 16;
const QR_SIZE = 150;

/** "15%", "5.25%": the rate from its basis points, exactly. */
export function percentText(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const rest = basisPoints % 100;
  return rest ? `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}%` : `${whole}%`;
}

/** "2026-11-29 09:30:00 UTC": the same instant as the QR code's timestamp, readable in both languages. */
function issuedText(date: Date): string {
  return `${zatcaTimestamp(date).replace('T', ' ').replace('Z', '')} UTC`;
}

/** The ZATCA phase-1 QR code's text (Base64 TLV) for this invoice. */
export function invoiceQrText(input: InvoiceInput): string {
  return zatcaTlvBase64({
    sellerName: input.sellerName,
    vatNumber: input.sellerVatNumber,
    timestamp: zatcaTimestamp(input.issuedAt),
    total: minorText(input.totalMinor, input.currency),
    vat: minorText(input.vatMinor, input.currency),
  });
}

/**
 * A one-page A4 simplified tax invoice in Arabic and English together, as Saudi tax invoices are
 * written (Arabic is required; the English beside it serves every reader, and the document is the
 * same whoever downloads it): each row has its English label at the left edge, its Arabic label at
 * the right edge and the value between them. Arabic is shaped and ordered as on the certificates
 * (lib/pdf-bidi-text.ts). The ZATCA QR code sits below the totals.
 */
export async function renderInvoicePdf(input: InvoiceInput): Promise<Buffer> {
  const number = invoiceNumberText(input.sequence);
  const qr = await qrPng(invoiceQrText(input));
  const en = (key: string, params?: Record<string, string>) => translate('en', `invoices.pdf.${key}`, params);
  const ar = (key: string, params?: Record<string, string>) => translate('ar', `invoices.pdf.${key}`, params);

  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: 0,
    font: FONTS.regular,
    lang: 'ar',
    displayTitle: true,
    info: {
      Title: `${en('title')} ${number}`,
      Author: plainText(input.sellerName),
      Subject: `${ar('title')} / ${en('title')}`,
      Keywords: number,
    },
  });
  const done = pdfBytes(doc);

  const style = (font: 'regular' | 'bold', size: number, color: string): TextStyle => ({ font: FONTS[font], size, color });
  const text = (value: string, s: TextStyle, x: number, width: number, baseline: number, direction: Direction, align: 'left' | 'right' | 'center', maxLines = 1) => {
    const { style: fitted, lines } = fitParagraph(doc, value, s, width, direction, [{ maxLines, minSize: Math.min(s.size, 8) }]);
    const lineHeight = fitted.size * 1.35;
    return { last: drawLines(doc, lines, fitted, { x, width, baseline, lineHeight, align }), lineHeight };
  };

  // The title, in both languages, on one line: English at the left, Arabic at the right.
  let y = MARGIN + 30;
  text(en('title'), style('bold', 22, COLORS.teal), MARGIN, CONTENT_WIDTH / 2 - 8, y, 'ltr', 'left');
  text(ar('title'), style('bold', 24, COLORS.teal), PAGE.width - MARGIN - (CONTENT_WIDTH / 2 - 8), CONTENT_WIDTH / 2 - 8, y, 'rtl', 'right');
  y += 16;
  doc.rect(MARGIN, y, CONTENT_WIDTH, 2).fill(COLORS.gold);
  y += 30;

  const money = (minor: number) => `${minorText(minor, input.currency)} ${input.currency}`;
  const rate = percentText(input.vatBasisPoints);
  type Row = { key: string; value: string; direction: Direction; bold?: boolean; band?: boolean; params?: Record<string, string> };
  const sections: Row[][] = [
    [
      { key: 'number', value: number, direction: 'ltr', bold: true },
      { key: 'issued_at', value: issuedText(input.issuedAt), direction: 'ltr' },
      { key: 'seller', value: input.sellerName, direction: 'auto', bold: true },
      { key: 'vat_number', value: input.sellerVatNumber, direction: 'ltr' },
      { key: 'buyer', value: input.buyerName, direction: 'auto' },
      { key: 'buyer_email', value: input.buyerEmail, direction: 'ltr' },
      { key: 'order', value: input.orderReference, direction: 'ltr' },
    ],
    [
      { key: 'course', value: input.courseTitle, direction: 'auto', bold: true },
      { key: 'net', value: money(input.netMinor), direction: 'ltr' },
      { key: 'vat_rate', value: rate, direction: 'ltr' },
      { key: 'vat', value: money(input.vatMinor), direction: 'ltr', params: { rate } },
      { key: 'total', value: money(input.totalMinor), direction: 'ltr', bold: true, band: true },
      { key: 'currency', value: input.currency, direction: 'ltr' },
    ],
  ];
  const labelStyle = style('regular', 10.5, COLORS.muted);
  for (const rows of sections) {
    for (const row of rows) {
      const rowTop = y;
      const valueStyle = style(row.bold ? 'bold' : 'regular', 12, COLORS.ink);
      const { style: fitted, lines } = fitParagraph(doc, row.value, valueStyle, VALUE_WIDTH, row.direction, [{ maxLines: 1, minSize: 10 }, { maxLines: 2, minSize: 8 }]);
      const lineHeight = fitted.size * 1.35;
      const height = Math.max(1, lines.length) * lineHeight + 12;
      if (row.band) doc.rect(MARGIN, rowTop, CONTENT_WIDTH, height).fill(COLORS.band);
      const baseline = rowTop + 6 + fitted.size;
      text(en(row.key, row.params), labelStyle, MARGIN + 6, LABEL_WIDTH - 6, baseline, 'ltr', 'left');
      text(ar(row.key, row.params), labelStyle, PAGE.width - MARGIN - LABEL_WIDTH, LABEL_WIDTH - 6, baseline, 'rtl', 'right');
      drawLines(doc, lines, fitted, { x: MARGIN + LABEL_WIDTH + 8, width: VALUE_WIDTH, baseline, lineHeight, align: 'center' });
      y = rowTop + height;
      doc.rect(MARGIN, y, CONTENT_WIDTH, 0.5).fill('#d9d4c7');
    }
    y += 22;
  }

  // The ZATCA QR code (seller, VAT number, time, total, VAT), centred, with its caption in both languages.
  const qrX = (PAGE.width - QR_SIZE) / 2;
  doc.image(qr, qrX, y, { width: QR_SIZE, height: QR_SIZE });
  y += QR_SIZE + 18;
  text(`${ar('qr_caption')}`, style('regular', 9.5, COLORS.muted), MARGIN, CONTENT_WIDTH, y, 'rtl', 'center');
  text(`${en('qr_caption')}`, style('regular', 9.5, COLORS.muted), MARGIN, CONTENT_WIDTH, y + 15, 'ltr', 'center');

  doc.end();
  return done;
}

import QRCode from 'qrcode';

/**
 * The QR code of a ZATCA simplified tax invoice, phase 1 (docs/payments.md, "Invoices"): five fields
 * as TLV (a tag byte, a length byte, the value's UTF-8 bytes), concatenated and Base64-encoded; the
 * QR code holds that Base64 text. A value of more than 255 bytes cannot be written (the length is one
 * byte): SELLER_NAME is checked for that at start-up.
 */
export interface ZatcaQrFields {
  /** Tag 1. */
  sellerName: string;
  /** Tag 2: the seller's VAT registration number. */
  vatNumber: string;
  /** Tag 3: when the invoice was issued, ISO 8601 (2026-11-29T09:30:00Z). */
  timestamp: string;
  /** Tag 4: the invoice total with VAT, as a decimal (49.50). */
  total: string;
  /** Tag 5: the VAT total, as a decimal (6.46). */
  vat: string;
}

export function zatcaTlvBase64(fields: ZatcaQrFields): string {
  const values = [fields.sellerName, fields.vatNumber, fields.timestamp, fields.total, fields.vat];
  const parts = values.map((value, i) => {
    const bytes = Buffer.from(value, 'utf8');
    if (bytes.length > 255) throw new RangeError(`ZATCA QR field ${i + 1} is longer than 255 bytes`);
    return Buffer.concat([Buffer.from([i + 1, bytes.length]), bytes]);
  });
  return Buffer.concat(parts).toString('base64');
}

/** ISO 8601 in UTC to the second, as ZATCA's examples write it. */
export function zatcaTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The QR code of `text` as a PNG: black on white, error correction M, a quiet zone of four modules. */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 8, color: { dark: '#000000', light: '#ffffff' } });
}

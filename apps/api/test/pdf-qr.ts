import { createCanvas } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The QR code printed on a PDF's first page, read as a phone would: pdf.js draws the page on a
 * canvas (@napi-rs/canvas, pdf.js's own dependency in Node) at twice its size, and jsQR finds and
 * decodes the code in the pixels. Null when none is readable.
 */
export async function readPdfQr(pdf: Buffer): Promise<string | null> {
  const task = getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
  try {
    const page = await (await task.promise).getPage(1);
    const viewport = page.getViewport({ scale: 2 });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(new Uint8ClampedArray(image.data.buffer), image.width, image.height)?.data ?? null;
  } finally {
    await task.destroy();
  }
}

/** ZATCA's TLV (tag byte, length byte, UTF-8 value) from its Base64 text, tag by tag. */
export function decodeTlv(base64: string): Record<number, string> {
  const bytes = Buffer.from(base64, 'base64');
  const fields: Record<number, string> = {};
  for (let i = 0; i < bytes.length; ) {
    const [tag, length] = [bytes[i]!, bytes[i + 1]!];
    fields[tag] = bytes.subarray(i + 2, i + 2 + length).toString('utf8');
    i += 2 + length;
  }
  return fields;
}

import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * The face every PDF of the site is set in (certificates, invoices, notes): Amiri, a Naskh face that also has Latin
 * glyphs, so a line mixing both scripts needs one font only; its OpenType tables hold the joining forms and lam-alef
 * that fontkit applies. License: SIL Open Font License 1.1 (LICENSE_FONT in the package), which allows embedding.
 */
export const PDF_FONTS = {
  regular: require.resolve('@expo-google-fonts/amiri/400Regular/Amiri_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/amiri/700Bold/Amiri_700Bold.ttf'),
};

/** The document's bytes once it is ended: call before drawing, await after `doc.end()`. */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

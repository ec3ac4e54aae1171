import { describe, expect, it } from 'vitest';
import { pdfActualTexts, pdfPrintedText, pdfText } from '../../test/pdf-text';
import { formatCertificateDate, renderCertificatePdf } from './certificate-pdf';

const input = {
  code: 'K7QM-3XWP-92HD',
  participantName: 'ليلى عبد الله',
  courseTitle: 'الإصدار ٢٠٢٥ من دورة Python 3',
  instructorName: 'سامي الخطيب',
  issuedAt: new Date('2025-03-07T23:30:00Z'),
  verifyUrl: 'https://nibras.example/certificate/K7QM-3XWP-92HD',
};

describe('certificate PDF layout', () => {
  it('dates a certificate by the UTC day, with Arabic month names and Latin digits in Arabic', () => {
    expect(formatCertificateDate(input.issuedAt, 'ar')).toBe('7 مارس 2025');
    expect(formatCertificateDate(input.issuedAt, 'en')).toBe('7 March 2025');
  });

  it('prints the date, the verification URL and Arabic-Indic digits in reading order', async () => {
    const items = (await pdfText(await renderCertificatePdf({ ...input, language: 'ar' })))[0]!.items;
    expect(items).toEqual(expect.arrayContaining(['7 مارس 2025', input.courseTitle, input.verifyUrl]));
  });

  it('shrinks, then cuts with an ellipsis, a name too long for the page instead of running off it', async () => {
    const words = Array.from('ابتثجحخدذرزسشصضطظعغفقكلمنهوي', (letter) => `عبد${letter}`);
    const items = (await pdfText(await renderCertificatePdf({ ...input, participantName: [...words, ...words].join(' '), language: 'ar' })))[0]!.items;
    const nameLines = items.filter((item) => item.startsWith('عبد'));
    expect(nameLines).toHaveLength(2);
    expect(nameLines[0]!.startsWith(`${words[0]} ${words[1]} `)).toBe(true);
    expect(nameLines[1]!.endsWith('…')).toBe(true);
  });
});

describe('certificate PDF verification code', () => {
  // Codes are random (certificates.service.ts), so each shape is pinned here. Laid out right to
  // left, a code whose first group is all digits was printed with that group last
  // ('2849-GACS-4X3V' as 'GACS-4X3V-2849'): about one generated code in 340.
  const codes = ['2849-GACS-4X3V', '0000-AAAA-1111', '2345-6789-ABCD', '28A9-GACS-4X3V', 'ABCD-1234-EFGH'];
  const cases = codes.flatMap((code) => (['ar', 'en'] as const).map((language) => ({ code, language })));

  it.each(cases)('prints $code left to right as typed, and pdf.js extracts it whole, on a certificate in $language', async ({ code, language }) => {
    const pdf = await renderCertificatePdf({ ...input, code, verifyUrl: `https://nibras.example/certificate/${code}`, language });
    // On paper, left to right: what a person reads and types.
    expect((await pdfPrintedText(pdf))[0]).toContain(code);
    expect((await pdfText(pdf))[0]!.items).toContain(code);
    // Drawn in reading order, it needs no ActualText.
    expect(pdfActualTexts(pdf)).not.toContain(code);
  });
});

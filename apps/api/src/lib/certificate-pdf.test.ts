import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text';
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

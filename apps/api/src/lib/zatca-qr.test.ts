import { describe, expect, it } from 'vitest';
import { minorText } from '@nibras/contract';
import { percentText } from './invoice-pdf';
import { zatcaTimestamp, zatcaTlvBase64 } from './zatca-qr';

describe('the ZATCA QR code text (phase 1)', () => {
  it('writes tag, length in bytes and UTF-8 value for the five fields, Base64: the widely published example', () => {
    expect(zatcaTlvBase64({ sellerName: 'Salla', vatNumber: '1234567891', timestamp: '2021-07-12T14:25:09Z', total: '100.00', vat: '15.00' })).toBe(
      'AQVTYWxsYQIKMTIzNDU2Nzg5MQMUMjAyMS0wNy0xMlQxNDoyNTowOVoEBjEwMC4wMAUFMTUuMDA=',
    );
  });

  it('counts an Arabic name in bytes, not letters, and refuses a value over 255 bytes', () => {
    const bytes = Buffer.from(zatcaTlvBase64({ sellerName: 'نبراس', vatNumber: '300000000000003', timestamp: 'x', total: '1.00', vat: '0.13' }), 'base64');
    expect([bytes[0], bytes[1]]).toEqual([1, 10]);
    expect(bytes.subarray(2, 12).toString('utf8')).toBe('نبراس');
    expect(() => zatcaTlvBase64({ sellerName: 'ن'.repeat(128), vatNumber: '3', timestamp: 'x', total: '1', vat: '0' })).toThrow(RangeError);
  });

  it('times to the second in UTC; amounts and rates written exactly from integers', () => {
    expect(zatcaTimestamp(new Date('2026-11-29T09:30:00.789Z'))).toBe('2026-11-29T09:30:00Z');
    expect([minorText(4950, 'SAR'), minorText(5, 'SAR'), minorText(0, 'SAR'), minorText(5, 'KWD'), minorText(1200, 'JPY'), minorText(123456789, 'SAR')]).toEqual([
      '49.50', '0.05', '0.00', '0.005', '1200', '1234567.89',
    ]);
    expect([percentText(1500), percentText(525), percentText(550), percentText(0)]).toEqual(['15%', '5.25%', '5.5%', '0%']);
  });
});

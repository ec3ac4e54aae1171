import { describe, expect, it } from 'vitest';
import { parseAnswerNumber } from './answer-number';

describe('a typed number', () => {
  it('reads Western digits with a point', () => {
    expect(parseAnswerNumber('42')).toBe(42);
    expect(parseAnswerNumber(' 3.14 ')).toBe(3.14);
    expect(parseAnswerNumber('-0.5')).toBe(-0.5);
    expect(parseAnswerNumber('.5')).toBe(0.5);
    expect(parseAnswerNumber('+7')).toBe(7);
  });

  it('reads Arabic-Indic and Eastern Arabic-Indic digits and the Arabic decimal separator', () => {
    expect(parseAnswerNumber('٤٢')).toBe(42);
    expect(parseAnswerNumber('٣٫١٤')).toBe(3.14);
    expect(parseAnswerNumber('٣.٥')).toBe(3.5);
    expect(parseAnswerNumber('۱۲٫۵')).toBe(12.5);
    expect(parseAnswerNumber('١٬٢٠٠')).toBe(1200);
    expect(parseAnswerNumber('−٢')).toBe(-2);
    expect(parseAnswerNumber('\u200f-٢')).toBe(-2);
  });

  it('refuses what is not one number, commas, and numbers past the limit', () => {
    for (const typed of ['', ' ', '-', '.', 'abc', '1,5', '1.2.3', '3 4x', '1e3', 'Infinity', '١٣ا']) expect(parseAnswerNumber(typed), typed).toBeNull();
    expect(parseAnswerNumber('1000000000000')).toBe(1e12);
    expect(parseAnswerNumber('1000000000001')).toBeNull();
  });
});

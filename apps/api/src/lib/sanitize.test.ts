import { describe, expect, it } from 'vitest';
import { sanitizePlainText } from './sanitize';

/** What a browser would read as markup: a start or end tag (`<a`, `</a`), a comment or declaration (`<!`), or `<?`. */
const MARKUP = /<(?:[a-z]|\/[a-z]|!|\?)/i;

describe('sanitizePlainText', () => {
  it('removes markup that arrives raw', () => {
    expect(sanitizePlainText('سارة <img src=x onerror=alert(1)><b>أحمد</b>')).toBe('سارة أحمد');
    expect(sanitizePlainText('<script>alert(1)</script>Title')).toBe('Title');
  });

  it('removes markup that arrives entity-encoded, once, twice or as numbers, instead of decoding it into a live tag', () => {
    const encoded = [
      '&lt;img src=x onerror=alert(1)&gt;Sara',
      '&amp;lt;img src=x onerror=alert(1)&amp;gt;Sara',
      '&amp;amp;lt;script&amp;amp;gt;alert(1)&amp;amp;lt;/script&amp;amp;gt;Sara',
      '&#60;svg onload=alert(1)&#62;Sara',
      '&#x3C;iframe src=//evil&#x3E;&#x3C;/iframe&#x3E;Sara',
      '<<img src=x onerror=alert(1)>img src=x onerror=alert(1)>Sara',
    ];
    for (const input of encoded) {
      const text = sanitizePlainText(input);
      expect(text, input).not.toMatch(MARKUP);
      expect(text, input).toContain('Sara');
    }
  });

  it('keeps plain text that merely uses the characters markup is made of', () => {
    expect(sanitizePlainText('1 < 2 and 3 > 2')).toBe('1 < 2 and 3 > 2');
    expect(sanitizePlainText('R&D, "quotes" and \'apostrophes\'')).toBe('R&D, "quotes" and \'apostrophes\'');
    expect(sanitizePlainText('  خط النسخ & الثلث  ')).toBe('خط النسخ & الثلث');
  });

  it('never leaves markup whatever the input, and a second pass changes nothing', () => {
    const pieces = ['<', '>', '&lt;', '&gt;', '&amp;', '&#60;', 'img', 'script', '/', '!', '?', '-', ' ', 'onerror=x', 'سارة', '"', '=', 'a'];
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 2000; i += 1) {
      const input = Array.from({ length: 1 + Math.floor(random() * 12) }, () => pieces[Math.floor(random() * pieces.length)]).join('');
      const text = sanitizePlainText(input);
      expect(text, input).not.toMatch(MARKUP);
      expect(sanitizePlainText(text), input).toBe(text);
    }
  });
});

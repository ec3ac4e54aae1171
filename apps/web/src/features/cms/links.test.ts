import { describe, expect, it } from 'vitest';
import { isAllowedLink } from './links';

describe('links the content editor makes', () => {
  it('accepts http(s), mailto and paths of this site', () => {
    for (const url of ['https://example.com/a', 'http://example.com', 'mailto:team@nibras.example', '/search?q=x', '#top', ' /about ']) expect(isAllowedLink(url), url).toBe(true);
  });

  it('refuses script, data, other schemes, protocol-relative and bidi-spoofed addresses', () => {
    for (const url of ['javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'data:text/html,<script>x</script>', 'vbscript:x', '//evil.example', '/\\evil.example', 'ftp://x', 'search', 'https://evil.example/\u202Egpj.exe', 'https://a\u0000b']) {
      expect(isAllowedLink(url), url).toBe(false);
    }
  });
});

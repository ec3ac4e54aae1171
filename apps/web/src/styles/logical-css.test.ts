import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, WEB_SRC } from '../test-support/source-files';

/** Declarations tied to a physical side; the app runs RTL and LTR, so sides must be logical. */
const PHYSICAL = [
  /(^|[\s;{])(margin|padding|border|inset|scroll-margin|scroll-padding)-(left|right|top|bottom)(-[a-z]+)?\s*:/m,
  /(^|[\s;{])(left|right|top|bottom)\s*:/m,
  /(^|[\s;{])(text-align|float|clear)\s*:\s*(left|right)/m,
  /(^|[\s;{])border-(top|bottom)-(left|right)-radius\s*:/m,
  /(^|[\s;{])(width|height|min-width|min-height|max-width|max-height)\s*:/m,
];

function physicalDeclarations(css: string): string[] {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return withoutComments
    .split(/(?<=[;{}])/)
    .filter((chunk) => PHYSICAL.some((pattern) => pattern.test(chunk)))
    .map((chunk) => chunk.trim());
}

describe('style sheets use logical properties only', () => {
  it('the check finds physical sides', () => {
    expect(physicalDeclarations('.a { margin-left: 1rem; }')).toHaveLength(1);
    expect(physicalDeclarations('.a { left: 0; text-align: right; }')).toHaveLength(2);
    expect(physicalDeclarations('.a{width:1px}')).toHaveLength(1);
    expect(physicalDeclarations('.a { margin-inline-start: 1rem; inset-inline-end: 0; text-align: start; }')).toEqual([]);
  });

  it('no style sheet under src names a physical side', () => {
    const files = filesUnder(WEB_SRC, (name) => name.endsWith('.css'));
    expect(files.length).toBeGreaterThan(1);
    const found = files.flatMap((file) => physicalDeclarations(readFileSync(file, 'utf8')).map((d) => `${path.relative(WEB_SRC, file)}: ${d}`));
    expect(found).toEqual([]);
  });
});

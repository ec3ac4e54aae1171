import { describe, expect, it } from 'vitest';
import { THEME_COLORS } from './theme-colors';
import { COLORS } from './theme-rules';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

// Mantine's dark body, and the lighter dark surface (hover, active link) text in shade 3 sits on.
const DARK_BODY = '#242424';
const DARK_SURFACE = '#2e2e2e';

describe('the twelve theme colours', () => {
  it('are exactly color_1 to color_12', () => {
    expect(Object.keys(THEME_COLORS)).toEqual([...COLORS]);
    expect(COLORS).toHaveLength(12);
  });

  it.each(COLORS)('%s carries white text on shades 7 to 9 and reads on the dark background in shades 3 and 4', (name) => {
    const tuple = THEME_COLORS[name];
    for (const shade of [7, 8, 9]) expect(contrast(tuple[shade]!, '#ffffff'), `shade ${shade}`).toBeGreaterThanOrEqual(4.5);
    // theme.ts makes shade 3 the primary's text shade on the dark background; Mantine's own default is 4.
    for (const surface of [DARK_BODY, DARK_SURFACE]) expect(contrast(tuple[3]!, surface), `shade 3 on ${surface}`).toBeGreaterThanOrEqual(4.5);
    expect(contrast(tuple[4]!, DARK_BODY), 'shade 4').toBeGreaterThanOrEqual(4.5);
  });
});

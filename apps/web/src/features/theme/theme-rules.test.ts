import { describe, expect, it } from 'vitest';
import { THEME_PRESETS, PRESET_NAMES } from './theme-presets';
import { applyThemeChange, applyWidthRule, DEFAULT_THEME_STATE, parseThemeState, SIDEBAR_STYLES, widthBandOf, type ThemeState } from './theme-rules';

const vertical: ThemeState = { ...DEFAULT_THEME_STATE, band: 'desktop' };
const horizontal: ThemeState = { ...vertical, layout: 'horizontal', sidebar: 'full' };

describe('theme rules (spec section 4)', () => {
  it('refuses overlay in the horizontal layout, with the spec alert, and changes nothing', () => {
    const result = applyThemeChange(horizontal, { sidebar: 'overlay' });
    expect(result.refused).toBe('theme.alert.overlayHorizontal');
    expect(result.state).toBe(horizontal);
  });

  it('refuses overlay asked together with the horizontal layout', () => {
    expect(applyThemeChange(vertical, { sidebar: 'overlay', layout: 'horizontal' }).refused).toBe('theme.alert.overlayHorizontal');
  });

  it('accepts overlay in the vertical layout', () => {
    expect(applyThemeChange(vertical, { sidebar: 'overlay' })).toEqual({ state: { ...vertical, sidebar: 'overlay' } });
  });

  it('accepts every other sidebar style in the horizontal layout', () => {
    for (const sidebar of SIDEBAR_STYLES.filter((style) => style !== 'overlay')) {
      expect(applyThemeChange(horizontal, { sidebar })).toEqual({ state: { ...horizontal, sidebar } });
    }
  });

  it('forces full when switching to horizontal while overlay is on', () => {
    const result = applyThemeChange({ ...vertical, sidebar: 'overlay' }, { layout: 'horizontal' });
    expect(result.refused).toBeUndefined();
    expect(result.state).toMatchObject({ layout: 'horizontal', sidebar: 'full' });
  });

  it('keeps any other sidebar style when switching to horizontal', () => {
    expect(applyThemeChange({ ...vertical, sidebar: 'mini' }, { layout: 'horizontal' }).state).toMatchObject({ layout: 'horizontal', sidebar: 'mini' });
  });

  it('forces overlay when the container becomes boxed', () => {
    expect(applyThemeChange({ ...vertical, sidebar: 'modern' }, { container: 'boxed' }).state).toMatchObject({ container: 'boxed', sidebar: 'overlay' });
  });

  it('does not force overlay for the other containers', () => {
    expect(applyThemeChange(vertical, { container: 'wide-boxed' }).state.sidebar).toBe('full');
    expect(applyThemeChange(vertical, { container: 'wide' }).state.sidebar).toBe('full');
  });

  it('in the horizontal layout, boxes the container but refuses the overlay it would force', () => {
    const result = applyThemeChange(horizontal, { container: 'boxed' });
    expect(result.refused).toBe('theme.alert.overlayHorizontal');
    expect(result.state).toMatchObject({ container: 'boxed', layout: 'horizontal', sidebar: 'full' });
  });

  it('every preset is accepted as it is', () => {
    for (const name of PRESET_NAMES) {
      const result = applyThemeChange(vertical, THEME_PRESETS[name]);
      expect(result.refused, name).toBeUndefined();
      expect(result.state, name).toEqual({ ...vertical, ...THEME_PRESETS[name] });
    }
    expect(new Set(PRESET_NAMES.map((name) => JSON.stringify(THEME_PRESETS[name]))).size).toBe(9);
  });
});

describe('the sidebar by window width', () => {
  it('puts 767 px under 768, 768 and 1023 in the middle band, 1024 in the last', () => {
    expect([0, 375, 767, 768, 900, 1023, 1024, 1366].map(widthBandOf)).toEqual(['phone', 'phone', 'phone', 'tablet', 'tablet', 'tablet', 'desktop', 'desktop']);
  });

  it('gives overlay and vertical under 768 px, even from horizontal', () => {
    expect(applyWidthRule({ ...horizontal, band: 'desktop' }, 767)).toMatchObject({ sidebar: 'overlay', layout: 'vertical', band: 'phone' });
  });

  it('gives mini from 768 to 1023 px, and full from 1024 px', () => {
    expect(applyWidthRule(vertical, 768)).toMatchObject({ sidebar: 'mini', band: 'tablet' });
    expect(applyWidthRule(vertical, 1023)).toMatchObject({ sidebar: 'mini', band: 'tablet' });
    expect(applyWidthRule({ ...vertical, sidebar: 'mini', band: 'tablet' }, 1024)).toMatchObject({ sidebar: 'full', band: 'desktop' });
  });

  it('keeps the user choice within a band', () => {
    const chosen = { ...vertical, sidebar: 'compact' as const };
    expect(applyWidthRule(chosen, 1366)).toBe(chosen);
  });

  it('runs on a state that never met it (first visit)', () => {
    expect(applyWidthRule({ ...DEFAULT_THEME_STATE, sidebar: 'modern' }, 1366)).toMatchObject({ sidebar: 'full', band: 'desktop' });
  });
});

describe('the stored theme read back', () => {
  it('returns a valid stored state as it was', () => {
    const stored: ThemeState = { ...vertical, background: 'dark', font: 'nunito', color: 'color_9', direction: 'ltr', container: 'wide-boxed' };
    expect(parseThemeState(JSON.stringify(stored))).toEqual(stored);
  });

  it('falls back to the defaults for nothing, corrupt JSON, unknown values or an impossible combination', () => {
    for (const raw of [null, '{not json', 'null', '42', JSON.stringify({ ...vertical, sidebar: 'floating' }), JSON.stringify({ ...vertical, color: 'color_13' }), JSON.stringify({ ...vertical, sidebar: 'overlay', layout: 'horizontal' }), JSON.stringify({ sidebar: 'mini' })]) {
      expect(parseThemeState(raw), String(raw)).toEqual(DEFAULT_THEME_STATE);
    }
  });
});

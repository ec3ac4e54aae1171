/**
 * The theme settings of the signed-in areas (spec sections 3 and 4) and their rules, as pure
 * functions: the panel, the store and the tests all go through `applyThemeChange` and
 * `applyWidthRule`, so the rules hold the same way wherever a change comes from.
 */

export const SIDEBAR_STYLES = ['full', 'mini', 'compact', 'modern', 'overlay', 'icon-hover'] as const;
export const LAYOUTS = ['vertical', 'horizontal'] as const;
export const BACKGROUNDS = ['light', 'dark'] as const;
export const POSITIONS = ['fixed', 'static'] as const;
export const CONTAINERS = ['wide', 'boxed', 'wide-boxed'] as const;
/** `auto` follows the language (Arabic rtl, English ltr); ltr and rtl override it. */
export const DIRECTIONS = ['auto', 'rtl', 'ltr'] as const;
export const FONTS = ['poppins', 'roboto', 'nunito', 'opensans', 'HelveticaNeue'] as const;
export const COLORS = ['color_1', 'color_2', 'color_3', 'color_4', 'color_5', 'color_6', 'color_7', 'color_8', 'color_9', 'color_10', 'color_11', 'color_12'] as const;
/** Window-width bands of the sidebar rule. */
export const WIDTH_BANDS = ['phone', 'tablet', 'desktop'] as const;

export type SidebarStyle = (typeof SIDEBAR_STYLES)[number];
export type Layout = (typeof LAYOUTS)[number];
export type Background = (typeof BACKGROUNDS)[number];
export type Position = (typeof POSITIONS)[number];
export type Container = (typeof CONTAINERS)[number];
export type ThemeDirection = (typeof DIRECTIONS)[number];
export type FontName = (typeof FONTS)[number];
export type ThemeColor = (typeof COLORS)[number];
export type WidthBand = (typeof WIDTH_BANDS)[number];

export interface ThemeSettings {
  sidebar: SidebarStyle;
  layout: Layout;
  background: Background;
  sidebarPosition: Position;
  headerPosition: Position;
  container: Container;
  direction: ThemeDirection;
  font: FontName;
  color: ThemeColor;
}

export interface ThemeState extends ThemeSettings {
  /** The width band the sidebar was last set for; null before the width rule first ran. */
  band: WidthBand | null;
}

export type ThemeChange = Partial<ThemeSettings>;

/** Why a change was refused: the key of the alert text (spec section 5). */
export type ThemeRefusal = 'theme.alert.overlayHorizontal';

export const DEFAULT_THEME_SETTINGS: ThemeSettings = {
  sidebar: 'full',
  layout: 'vertical',
  background: 'light',
  sidebarPosition: 'fixed',
  headerPosition: 'fixed',
  container: 'wide',
  direction: 'auto',
  font: 'poppins',
  color: 'color_1',
};

export const DEFAULT_THEME_STATE: ThemeState = { ...DEFAULT_THEME_SETTINGS, band: null };

/**
 * One change from the panel (a single setting or a whole preset), with the spec's rules:
 * - overlay is refused in the horizontal layout (nothing of the change applies);
 * - switching to horizontal while overlay is on forces full;
 * - a boxed container forces overlay; in the horizontal layout that overlay is itself refused, so the
 *   container becomes boxed, the sidebar stays, and the refusal is reported (the alert shows).
 */
export function applyThemeChange(state: ThemeState, change: ThemeChange): { state: ThemeState; refused?: ThemeRefusal } {
  const layout = change.layout ?? state.layout;
  if (change.sidebar === 'overlay' && layout === 'horizontal') return { state, refused: 'theme.alert.overlayHorizontal' };
  const next: ThemeState = { ...state, ...change };
  let refused: ThemeRefusal | undefined;
  if (change.container === 'boxed' && change.sidebar === undefined) {
    if (layout === 'horizontal') refused = 'theme.alert.overlayHorizontal';
    else next.sidebar = 'overlay';
  }
  if (change.layout === 'horizontal' && next.sidebar === 'overlay') next.sidebar = 'full';
  return refused ? { state: next, refused } : { state: next };
}

/** Spec section 4: under 768 px, 768 to below 1024, and from 1024. */
export function widthBandOf(width: number): WidthBand {
  if (width < 768) return 'phone';
  if (width < 1024) return 'tablet';
  return 'desktop';
}

/** What the width rule sets in each band: overlay and vertical on a phone, mini on a tablet, full otherwise. */
export function settingsForWidth(width: number): Pick<ThemeSettings, 'sidebar'> & Partial<Pick<ThemeSettings, 'layout'>> {
  const band = widthBandOf(width);
  if (band === 'phone') return { sidebar: 'overlay', layout: 'vertical' };
  if (band === 'tablet') return { sidebar: 'mini' };
  return { sidebar: 'full' };
}

/**
 * The width rule runs when the window enters another band (and at load when the stored state was
 * set in another band, or never): within a band the user's choice holds, across reloads too.
 */
export function applyWidthRule(state: ThemeState, width: number): ThemeState {
  const band = widthBandOf(width);
  if (state.band === band) return state;
  return { ...state, ...settingsForWidth(width), band };
}

function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

/**
 * A stored value read back: anything that is not a complete, valid state (another version's,
 * hand-edited, corrupt JSON) falls back to the defaults rather than breaking the area.
 */
export function parseThemeState(raw: string | null): ThemeState {
  if (raw === null) return DEFAULT_THEME_STATE;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return DEFAULT_THEME_STATE;
  }
  if (typeof value !== 'object' || value === null) return DEFAULT_THEME_STATE;
  const v = value as Record<string, unknown>;
  const valid =
    isOneOf(SIDEBAR_STYLES, v.sidebar) &&
    isOneOf(LAYOUTS, v.layout) &&
    isOneOf(BACKGROUNDS, v.background) &&
    isOneOf(POSITIONS, v.sidebarPosition) &&
    isOneOf(POSITIONS, v.headerPosition) &&
    isOneOf(CONTAINERS, v.container) &&
    isOneOf(DIRECTIONS, v.direction) &&
    isOneOf(FONTS, v.font) &&
    isOneOf(COLORS, v.color) &&
    (v.band === null || isOneOf(WIDTH_BANDS, v.band)) &&
    !(v.sidebar === 'overlay' && v.layout === 'horizontal');
  if (!valid) return DEFAULT_THEME_STATE;
  return {
    sidebar: v.sidebar,
    layout: v.layout,
    background: v.background,
    sidebarPosition: v.sidebarPosition,
    headerPosition: v.headerPosition,
    container: v.container,
    direction: v.direction,
    font: v.font,
    color: v.color,
    band: v.band,
  } as ThemeState;
}

import type { ThemeSettings } from './theme-rules';

/** Direction is left out: a preset changes the look, not the reading order of the user's language. */
export type ThemePreset = Omit<ThemeSettings, 'direction'>;

export const PRESET_NAMES = ['preset_1', 'preset_2', 'preset_3', 'preset_4', 'preset_5', 'preset_6', 'preset_7', 'preset_8', 'preset_9'] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

/** The nine preset themes (spec section 3), each a combination the rules accept as it is. */
export const THEME_PRESETS: Record<PresetName, ThemePreset> = {
  preset_1: { sidebar: 'full', layout: 'vertical', background: 'light', sidebarPosition: 'fixed', headerPosition: 'fixed', container: 'wide', font: 'poppins', color: 'color_1' },
  preset_2: { sidebar: 'full', layout: 'vertical', background: 'dark', sidebarPosition: 'fixed', headerPosition: 'fixed', container: 'wide', font: 'roboto', color: 'color_2' },
  preset_3: { sidebar: 'full', layout: 'horizontal', background: 'light', sidebarPosition: 'fixed', headerPosition: 'fixed', container: 'wide', font: 'nunito', color: 'color_3' },
  preset_4: { sidebar: 'compact', layout: 'vertical', background: 'light', sidebarPosition: 'fixed', headerPosition: 'fixed', container: 'wide', font: 'opensans', color: 'color_4' },
  preset_5: { sidebar: 'mini', layout: 'vertical', background: 'light', sidebarPosition: 'fixed', headerPosition: 'fixed', container: 'wide-boxed', font: 'HelveticaNeue', color: 'color_12' },
  preset_6: { sidebar: 'modern', layout: 'vertical', background: 'light', sidebarPosition: 'fixed', headerPosition: 'static', container: 'wide', font: 'poppins', color: 'color_6' },
  preset_7: { sidebar: 'overlay', layout: 'vertical', background: 'light', sidebarPosition: 'static', headerPosition: 'static', container: 'boxed', font: 'roboto', color: 'color_7' },
  preset_8: { sidebar: 'icon-hover', layout: 'vertical', background: 'dark', sidebarPosition: 'fixed', headerPosition: 'fixed', container: 'wide', font: 'nunito', color: 'color_10' },
  preset_9: { sidebar: 'full', layout: 'horizontal', background: 'dark', sidebarPosition: 'static', headerPosition: 'fixed', container: 'wide-boxed', font: 'opensans', color: 'color_8' },
};

// What other parts of the app use of the theme settings.
export { ThemeSettingsPanel } from './theme-settings-panel';
export { themeStore, useThemeState } from './theme-store';
export type { SidebarStyle } from './theme-rules';

import type { MantineColorsTuple } from '@mantine/core';
import type { ThemeColor } from './theme-rules';

/**
 * The twelve primary colours of the theme panel. Every tuple follows one lightness ladder so the
 * same shades are safe everywhere: 7 and darker carry white text above 4.5:1 (filled buttons in both
 * backgrounds), 3 and 4 read above 4.5:1 on the dark background (Mantine's text and link shade there),
 * and 0 to 2 are tints under dark text. theme-colors.test.ts checks each of these.
 * color_1 is the app's own teal (نبراس, a lantern), the default.
 */
export const THEME_COLORS: Record<ThemeColor, MantineColorsTuple> = {
  color_1: ['#e7f6f4', '#cdebe7', '#9dd8cf', '#6bc4b8', '#43b3a4', '#2a9d8f', '#218a7d', '#17756a', '#0f5f56', '#084a43'],
  color_2: ['#edf4fc', '#d2e2f9', '#afcbf4', '#8bb4ee', '#70a3eb', '#2975e0', '#1959b3', '#134386', '#0f366b', '#0b2850'],
  color_3: ['#eff0fb', '#d6d9f5', '#b6baed', '#959ce4', '#7c85de', '#3b47ce', '#2933a3', '#1f267a', '#181f62', '#121749'],
  color_4: ['#f4effb', '#e3d6f5', '#cdb6ed', '#b695e4', '#a57cde', '#783bce', '#5c29a3', '#451f7a', '#371862', '#291249'],
  color_5: ['#f9effa', '#efd7f4', '#e2b8ea', '#d598e1', '#cb81da', '#b141c8', '#8b2e9e', '#692277', '#541c5f', '#3f1547'],
  color_6: ['#fbeef5', '#f6d5e6', '#efb3d1', '#e892bd', '#e278ad', '#d43585', '#a82466', '#7e1b4d', '#65153d', '#4c102e'],
  color_7: ['#fceeee', '#f7d4d4', '#f1b1b1', '#eb8e8e', '#e77474', '#da2f2f', '#ad1f1f', '#821717', '#681212', '#4e0e0e'],
  color_8: ['#fdf3ed', '#fae0d1', '#f6c7ac', '#f2af88', '#ef9c6c', '#e76a23', '#b85014', '#8a3c0f', '#6e300c', '#532409'],
  color_9: ['#fcf7ed', '#f9ebd2', '#f4daaf', '#eeca8b', '#ebbe70', '#e09d29', '#b37a19', '#865c13', '#6b490f', '#50370b'],
  color_10: ['#effaf3', '#d7f4e1', '#b8eac9', '#98e1b1', '#81da9e', '#41c86e', '#2e9e53', '#22773e', '#1c5f32', '#154725'],
  color_11: ['#edfafc', '#d2f2f9', '#afe8f4', '#8bdeee', '#70d6eb', '#29c2e0', '#1999b3', '#137386', '#0f5c6b', '#0b4550'],
  color_12: ['#f3f5f7', '#e0e6eb', '#c8d1da', '#afbdca', '#9dadbe', '#6c859d', '#52667a', '#3d4d5c', '#313d49', '#252e37'],
};

/**
 * A darker green than the palette's 9th shade, for success text and badges: white 11 px bold text on
 * green.9 is 4.36:1 and green.9 on the light green background 3.8:1, both under WCAG AA; this one
 * gives 6:1 and 5.4:1.
 */
export const SUCCESS_GREEN = '#1f6f32';

/**
 * What a participant or an instructor types reads in its own direction (Arabic right to left, English left to right)
 * whatever the page's language: `dir="auto"` on the input element itself, where Mantine's `dir` prop would put it on
 * the field's wrapper, which has no text of its own to decide by.
 */
export const AUTO_DIR = { input: { dir: 'auto' } } as const;

/** Languages written right to left, by their BCP 47 primary subtag (Arabic, Persian, Urdu, Hebrew, Pashto, ...). */
const RIGHT_TO_LEFT = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'ps', 'sd', 'syr', 'ug', 'ur', 'yi']);

/** Whether a language (a BCP 47 tag: ar, ar-EG, ur) is written right to left: its captions and their transcript are. */
export const rightToLeftLanguage = (tag: string) => RIGHT_TO_LEFT.has(tag.split('-')[0]!.toLowerCase());

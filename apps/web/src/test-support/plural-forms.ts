/**
 * The suffixes of a count key, in the order Arabic uses them (i18next v21+ plural keys, chosen by
 * Intl.PluralRules when t() gets `count`; `_zero` also serves 0 in English). Every count key has all
 * six in both files, so the key sets stay equal. docs/arabic-glossary.md lists the nouns.
 */
export const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralForm = (typeof PLURAL_FORMS)[number];

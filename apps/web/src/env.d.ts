/** The loading label in every language, copied from the translation files at build time (vite.config.ts). */
declare const __BOOT_LOADING_LABELS__: Readonly<Record<string, string>>;
declare const __BOOT_FAILURE_TEXTS__: Readonly<Record<string, { title: string; text: string; retry: string }>>;

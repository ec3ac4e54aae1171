import type { Language } from '../../lib/i18n';

/**
 * What the server writes into the app's HTML for one public address (docs/seo.md): search engines
 * and link previews read it without running the script.
 */
export interface PageHead {
  lang: Language;
  title: string;
  description: string;
  /** The address without its language: `?lang=en` is added for English. */
  path: string;
  /** Extra query of the canonical address (the search's words), before the language. */
  query?: Record<string, string>;
  image?: string | null;
  imageAlt?: string;
  type?: 'website' | 'article';
  /** Kept out of search engines (the sign-in screens, the areas, an unknown course). */
  noindex?: boolean;
  jsonLd?: Record<string, unknown>;
  status?: number;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** The address of a page in a language: Arabic, the default, needs no parameter. */
export function addressOf(publicUrl: string, path: string, lang: Language, query: Record<string, string> = {}): string {
  const url = new URL(path, publicUrl);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  if (lang === 'en') url.searchParams.set('lang', 'en');
  return url.toString();
}

/** A description fits in a result's two lines: whitespace folded, cut at a word near 160 characters. */
export function shortDescription(text: string, max = 160): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  if (folded.length <= max) return folded;
  const cut = folded.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s،,.;:؛-]+$/u, '')}…`;
}

/** JSON inside a script element: "<" escaped so that no "</script>" or "<!--" can end or change it. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export function renderHead(head: PageHead, publicUrl: string, siteName: string): string {
  const canonical = addressOf(publicUrl, head.path, head.lang, head.query);
  const image = head.image ? new URL(head.image, publicUrl).toString() : new URL('/og-image.png', publicUrl).toString();
  const tags = [
    `<title>${escape(head.title)}</title>`,
    `<meta name="description" content="${escape(head.description)}" />`,
    head.noindex ? '<meta name="robots" content="noindex" />' : '',
    `<link rel="canonical" href="${escape(canonical)}" />`,
    ...(head.noindex
      ? []
      : [
          `<link rel="alternate" hreflang="ar" href="${escape(addressOf(publicUrl, head.path, 'ar', head.query))}" />`,
          `<link rel="alternate" hreflang="en" href="${escape(addressOf(publicUrl, head.path, 'en', head.query))}" />`,
          `<link rel="alternate" hreflang="x-default" href="${escape(addressOf(publicUrl, head.path, 'ar', head.query))}" />`,
        ]),
    `<meta property="og:site_name" content="${escape(siteName)}" />`,
    `<meta property="og:type" content="${head.type ?? 'website'}" />`,
    `<meta property="og:title" content="${escape(head.title)}" />`,
    `<meta property="og:description" content="${escape(head.description)}" />`,
    `<meta property="og:url" content="${escape(canonical)}" />`,
    `<meta property="og:locale" content="${head.lang === 'ar' ? 'ar_AR' : 'en_US'}" />`,
    `<meta property="og:locale:alternate" content="${head.lang === 'ar' ? 'en_US' : 'ar_AR'}" />`,
    `<meta property="og:image" content="${escape(image)}" />`,
    head.imageAlt ? `<meta property="og:image:alt" content="${escape(head.imageAlt)}" />` : '',
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escape(head.title)}" />`,
    `<meta name="twitter:description" content="${escape(head.description)}" />`,
    `<meta name="twitter:image" content="${escape(image)}" />`,
    head.jsonLd ? `<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>` : '',
  ];
  return tags.filter(Boolean).join('\n    ');
}

/**
 * The built index.html with this page's head: its language and direction on <html>, and the tags
 * above in place of the bare <title>. The markers are checked when the app starts (seo.routes.ts).
 */
export function injectHead(indexHtml: string, head: PageHead, headHtml: string): string {
  const html = indexHtml
    .replace(/<html lang="ar" dir="rtl">/, `<html lang="${head.lang}" dir="${head.lang === 'ar' ? 'rtl' : 'ltr'}">`)
    .replace(/<title>[^<]*<\/title>/, () => headHtml);
  // The build preloads the Arabic catalog: an English page preloads its own instead. Neither preloads the other
  // language's (issue 25 point 7, issue 26 point 9): the English fallback of an Arabic page is read after its first paint.
  return head.lang === 'en' ? html.replace(/(<link rel="preload"[^>]*href="\/assets\/i18n\/translations\/)ar(\.json")/, '$1en$2') : html;
}

export function hasInjectionPoints(indexHtml: string): boolean {
  return /<html lang="ar" dir="rtl">/.test(indexHtml) && /<title>[^<]*<\/title>/.test(indexHtml);
}

import type { CourseDetails } from '@nibras/contract';
import { AppError } from '../../lib/app-error';
import { translate, type Language } from '../../lib/i18n';
import type { AppContext } from '../../context';
import { categoryPage, courseDetails } from '../catalog/catalog.service';
import { shortDescription, type PageHead } from './seo.head';
import { sitemapEntries } from './seo.queries';

/** The language of a page as the server sends it: `?lang=` first (the address search engines know), then the visitor's saved choice, then Arabic. */
export function pageLanguage(query: URLSearchParams, cookieHeader: string | undefined): Language {
  const asked = query.get('lang');
  if (asked === 'ar' || asked === 'en') return asked;
  const saved = /(?:^|;\s*)language=(ar|en)(?:;|$)/.exec(cookieHeader ?? '');
  return (saved?.[1] as Language | undefined) ?? 'ar';
}

function plainText(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'");
}

const AREAS = /^\/(admin|instructor|participant)(\/|$)/;
const PUBLIC_PAGES: Record<string, { title: string; description: string }> = {
  '/about': { title: 'about.title', description: 'app.tagline' },
  '/contact-us': { title: 'contact.title', description: 'contact.lead' },
  '/privacy-policy': { title: 'privacy.title', description: 'privacy.storage' },
};

/** The head of any address the web app answers; unknown courses and categories say 404. */
export async function pageHead(ctx: AppContext, path: string, query: URLSearchParams, lang: Language): Promise<PageHead> {
  const t = (key: string, params?: Record<string, string | number>) => translate(lang, key, params);
  const site = t('app.name');
  const titled = (title: string) => (title ? `${title} | ${site}` : site);
  const base = { lang, path, description: t('app.tagline') };

  if (path === '/') return { ...base, title: titled(t('home.title')), description: t('home.subtitle') };
  const fixed = PUBLIC_PAGES[path];
  if (fixed) return { ...base, title: titled(t(fixed.title)), description: t(fixed.description) };
  if (path === '/search') {
    const q = (query.get('q') ?? '').trim().slice(0, 200);
    return q
      ? { ...base, title: titled(t('search.titleFor', { q })), description: t('api.seo.search.descriptionFor', { q }), query: { q } }
      : { ...base, title: titled(t('search.title')), description: t('api.seo.search.description') };
  }
  const category = /^\/category\/([^/]+)$/.exec(path);
  if (category) {
    const found = await orNull(() => categoryPage(ctx, decodeURIComponent(category[1]!), { page: 1, perPage: 12, sort: 'newest' }));
    if (!found) return notFound(base, titled(t('notFound.title')));
    const name = lang === 'ar' ? found.category.name_ar || found.category.name_en : found.category.name_en || found.category.name_ar;
    return { ...base, path: `/category/${found.category.slug}`, title: titled(name), description: t('api.seo.category.description', { name }) };
  }
  const course = /^\/course-details\/(\d{1,9})$/.exec(path);
  if (course) {
    const found = await orNull(() => courseDetails(ctx, Number(course[1]), null));
    if (!found) return notFound(base, titled(t('notFound.title')));
    return courseHead(ctx, found, { ...base, path: `/course-details/${found.id}` }, titled(found.title));
  }
  // The sign-in screens and the role areas are of no use to a search engine.
  return { ...base, title: site, noindex: AREAS.test(path) || /^\/(reset-password|newsletter)\//.test(path) };
}

async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
}

function notFound(base: { lang: Language; path: string; description: string }, title: string): PageHead {
  return { ...base, title, noindex: true, status: 404 };
}

function courseHead(ctx: AppContext, course: CourseDetails, base: { lang: Language; path: string }, title: string): PageHead {
  const description = shortDescription(course.subtitle || plainText(course.description) || translate(base.lang, 'app.tagline'));
  const url = new URL(base.path, ctx.config.publicUrl).toString();
  const image = course.coverImage ? new URL(course.coverImage, ctx.config.publicUrl).toString() : undefined;
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: course.title,
    description,
    url,
    inLanguage: course.language,
    ...(image ? { image } : {}),
    provider: { '@type': 'Organization', name: translate(base.lang, 'app.name'), url: new URL('/', ctx.config.publicUrl).toString() },
    ...(course.rating.count > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: course.rating.average, ratingCount: course.rating.count, bestRating: 5, worstRating: 1 } }
      : {}),
    offers: { '@type': 'Offer', category: course.isFree ? 'Free' : 'Paid', price: course.price, priceCurrency: course.currency, availability: 'https://schema.org/InStock' },
    hasCourseInstance: { '@type': 'CourseInstance', courseMode: 'Online', instructor: { '@type': 'Person', name: course.instructorProfile.name } },
  };
  return { ...base, title, description, type: 'article', image: course.coverImage, imageAlt: course.title, jsonLd };
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (value: string) => value.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

/** Every public page in both languages, each naming its other-language twin (sitemaps' hreflang). */
export async function sitemap(ctx: AppContext): Promise<string> {
  const { categories, courses } = await sitemapEntries(ctx.db);
  const pages: { path: string; lastmod?: Date }[] = [
    { path: '/' },
    { path: '/search' },
    { path: '/about' },
    { path: '/contact-us' },
    { path: '/privacy-policy' },
    ...categories.map((c) => ({ path: `/category/${c.slug}`, lastmod: c.updatedAt })),
    ...courses.map((c) => ({ path: `/course-details/${c.id}`, lastmod: c.updatedAt })),
  ];
  const address = (path: string, lang: Language) => {
    const url = new URL(path, ctx.config.publicUrl);
    if (lang === 'en') url.searchParams.set('lang', 'en');
    return xml(url.toString());
  };
  const entries = pages.flatMap(({ path, lastmod }) =>
    (['ar', 'en'] as const).map((lang) =>
      [
        '  <url>',
        `    <loc>${address(path, lang)}</loc>`,
        lastmod ? `    <lastmod>${lastmod.toISOString()}</lastmod>` : '',
        `    <xhtml:link rel="alternate" hreflang="ar" href="${address(path, 'ar')}"/>`,
        `    <xhtml:link rel="alternate" hreflang="en" href="${address(path, 'en')}"/>`,
        '  </url>',
      ]
        .filter(Boolean)
        .join('\n'),
    ),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(ctx: AppContext): string {
  return [
    'User-agent: *',
    'Allow: /',
    // The role areas are for signed-in people. The API stays open: a crawler that runs the page's
    // script needs its answers (and the covers under /api/media) to see what a visitor sees.
    'Disallow: /admin/',
    'Disallow: /instructor/',
    'Disallow: /participant/',
    'Disallow: /reset-password/',
    'Disallow: /newsletter/',
    '',
    `Sitemap: ${new URL('/sitemap.xml', ctx.config.publicUrl).toString()}`,
    '',
  ].join('\n');
}

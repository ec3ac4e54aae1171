import { z } from 'zod';
import { numeric } from './numbers';
import { envelope, idParam } from './envelope';
import { IMAGE_TYPES } from './media';
import type { RouteDef } from './route-def';

/**
 * The public content pages an admin edits (docs/cms.md): the home page's hero and its images, the
 * contact details, the about text and the privacy policy's entries. Every field comes in Arabic and
 * English; the answers carry both and the site shows the visitor's language. Rich text is HTML
 * sanitised on the server with an allow-list whatever the editor sent; plain text is stored as the
 * text a reader sees (markup removed, shown as text).
 */
export const CMS_LIMITS = { title: 200, text: 1000, label: 120, richText: 50_000, link: 500, phone: 30, email: 254 } as const;

const plain = (max: number, what: string) => z.string().trim().max(max).default('').describe(`${what} (plain text: markup is removed)`);
const rich = (what: string) => z.string().max(CMS_LIMITS.richText).default('').describe(`${what} (HTML; sanitised on the server: p, br, strong, em, u, s, lists, h2-h4, blockquote, code, pre and links to http(s), mailto or a path of this site)`);

/** A path of this site ("/search", "/category/3?page=2"), never another site or a scheme: empty for none. */
export const SITE_PATH = /^\/(?![/\\])[^\s\\<>"'`]*$/;
export const sitePath = z
  .string()
  .trim()
  .max(CMS_LIMITS.link)
  .refine((v) => v === '' || SITE_PATH.test(v), { message: 'api.cms.link_same_site' })
  .default('')
  .describe('A path of this site starting with one "/" (e.g. /search), or empty for none; other sites and schemes are refused');

export const homeContentBody = z.strictObject({
  hero_title_ar: plain(CMS_LIMITS.title, 'The hero heading in Arabic'),
  hero_title_en: plain(CMS_LIMITS.title, 'The hero heading in English'),
  hero_text_ar: plain(CMS_LIMITS.text, 'The line under the hero heading in Arabic'),
  hero_text_en: plain(CMS_LIMITS.text, 'The line under the hero heading in English'),
  cta_label_ar: plain(CMS_LIMITS.label, "The hero button's label in Arabic"),
  cta_label_en: plain(CMS_LIMITS.label, "The hero button's label in English"),
  cta_link: sitePath.describe('Where the hero button goes (a path of this site); the button shows only with a label and a link'),
});
export type HomeContent = z.output<typeof homeContentBody>;

export const contactContentBody = z.strictObject({
  address_ar: plain(CMS_LIMITS.text, 'The postal address in Arabic'),
  address_en: plain(CMS_LIMITS.text, 'The postal address in English'),
  phone: z.string().trim().regex(/^[+0-9 ()-]{0,30}$/).default('').describe('A telephone number: digits, spaces, + ( ) -'),
  email: z.union([z.literal(''), z.email().max(CMS_LIMITS.email)]).default('').describe('The address shown for writing to the team, or empty'),
  text_ar: rich('A text above the contact form in Arabic'),
  text_en: rich('A text above the contact form in English'),
});
export type ContactContent = z.output<typeof contactContentBody>;

export const aboutContentBody = z.strictObject({
  body_ar: rich('The about page in Arabic'),
  body_en: rich('The about page in English'),
});
export type AboutContent = z.output<typeof aboutContentBody>;

const position = numeric(z.number().int().min(0).max(10_000)).default(0).describe('Order on the page, smallest first (ties: oldest first)');

export const privacyEntryBody = z.strictObject({
  id: numeric(z.number().int().min(1).max(2_147_483_647)).optional().describe('The entry to change; without it a new entry is added'),
  title_ar: z.string().trim().min(1).max(CMS_LIMITS.title).describe('The heading in Arabic (plain text)'),
  title_en: z.string().trim().min(1).max(CMS_LIMITS.title).describe('The heading in English (plain text)'),
  body_ar: rich('The entry in Arabic'),
  body_en: rich('The entry in English'),
  position,
});

export const homeImageFields = z.strictObject({
  alt_ar: z.string().trim().min(1).max(CMS_LIMITS.title).describe('What the image shows, in Arabic, for screen readers (plain text)'),
  alt_en: z.string().trim().min(1).max(CMS_LIMITS.title).describe('What the image shows, in English, for screen readers (plain text)'),
  title_ar: plain(CMS_LIMITS.title, 'A caption shown on the image in Arabic'),
  title_en: plain(CMS_LIMITS.title, 'A caption shown on the image in English'),
  link: sitePath.describe('Where a click on the image goes: a path of this site, or empty'),
  position,
});

export const privacyEntry = z.object({
  id: z.number().int(),
  title_ar: z.string(),
  title_en: z.string(),
  body_ar: z.string(),
  body_en: z.string(),
  position: z.number().int(),
  updatedAt: z.string(),
});
export type PrivacyEntry = z.output<typeof privacyEntry>;

export const homeImage = z.object({
  id: z.number().int(),
  url: z.string().describe('The image file (GET /api/home-page/cms/image/view/{id})'),
  alt_ar: z.string(),
  alt_en: z.string(),
  title_ar: z.string(),
  title_en: z.string(),
  link: z.string(),
  position: z.number().int(),
  updatedAt: z.string(),
});
export type HomeImage = z.output<typeof homeImage>;

const stored = { updatedAt: z.string().nullable().describe('When an admin last saved the page; null before anything is saved (the site then shows its own default texts)') };
export const homeView = z.object({
  hero_title_ar: z.string(), hero_title_en: z.string(), hero_text_ar: z.string(), hero_text_en: z.string(),
  cta_label_ar: z.string(), cta_label_en: z.string(), cta_link: z.string(),
  images: z.array(homeImage).describe('The hero carousel, in position order'),
  ...stored,
});
export type HomeView = z.output<typeof homeView>;
export const contactView = z.object({
  address_ar: z.string(), address_en: z.string(), phone: z.string(), email: z.string(), text_ar: z.string(), text_en: z.string(), ...stored,
});
export type ContactView = z.output<typeof contactView>;
export const aboutView = z.object({ body_ar: z.string(), body_en: z.string(), ...stored });
export type AboutView = z.output<typeof aboutView>;
export const privacyView = z.object({ entries: z.array(privacyEntry).describe('In position order') });
export type PrivacyView = z.output<typeof privacyView>;

const tags = ['content pages'];

/** The spec's paths, quirks included: deletes are GETs; the views are public reads (cached, dropped when an admin saves). */
export const cmsRoutes = {
  saveHome: {
    method: 'POST', path: '/api/home-page/cms', access: 'admin', tags,
    summary: "Save the home page's hero (both languages); the images have their own calls", body: homeContentBody, response: envelope(homeView),
  },
  viewHome: {
    method: 'GET', path: '/api/home-page/cms/view', access: 'public', tags,
    summary: "The home page's hero and its images", response: envelope(homeView),
  },
  saveContact: {
    method: 'POST', path: '/api/contact-us/cms', access: 'admin', tags,
    summary: 'Save the contact details shown above the contact form', body: contactContentBody, response: envelope(contactView),
  },
  viewContact: {
    method: 'GET', path: '/api/contact-us/cms/view', access: 'public', tags,
    summary: 'The contact details', response: envelope(contactView),
  },
  saveAbout: {
    method: 'POST', path: '/api/about-us/cms', access: 'admin', tags,
    summary: 'Save the about page', body: aboutContentBody, response: envelope(aboutView),
  },
  viewAbout: {
    method: 'GET', path: '/api/about-us/cms/view', access: 'public', tags,
    summary: 'The about page', response: envelope(aboutView),
  },
  savePrivacy: {
    method: 'POST', path: '/api/privacy-policy/cms', access: 'admin', errors: [404], tags,
    summary: 'Add a privacy policy entry, or change one (with `id`); answers the whole policy', body: privacyEntryBody, response: envelope(privacyView),
  },
  viewPrivacy: {
    method: 'GET', path: '/api/privacy-policy/cms/view', access: 'public', tags,
    summary: "The privacy policy's entries", response: envelope(privacyView),
  },
  deletePrivacy: {
    method: 'GET', path: '/api/privacy-policy/cms/delete/:id', access: 'admin', errors: [404], tags,
    summary: 'Delete a privacy policy entry; answers the whole policy', params: idParam, response: envelope(privacyView),
  },
  addImage: {
    method: 'POST', path: '/api/home-page/cms/image', access: 'admin', tags, multipart: true, multipartFields: homeImageFields,
    summary: 'Add a hero image: multipart, the text fields first, then `file` (JPEG, PNG or WebP, checked by content)', response: envelope(homeImage),
  },
  viewImage: {
    method: 'GET', path: '/api/home-page/cms/image/view/:id', access: 'public', errors: [404], tags,
    summary: 'A hero image file', params: idParam, file: { types: IMAGE_TYPES, ranges: true },
  },
  editImage: {
    method: 'GET', path: '/api/home-page/cms/image/edit/:id', access: 'admin', errors: [404], tags,
    summary: 'A hero image with its texts, to edit', params: idParam, response: envelope(homeImage),
  },
  updateImage: {
    method: 'POST', path: '/api/home-page/cms/image/update/:id', access: 'admin', errors: [404], tags,
    summary: "Change a hero image's texts, link and position (to replace the file, delete it and add another)", params: idParam, body: homeImageFields, response: envelope(homeImage),
  },
  deleteImage: {
    method: 'GET', path: '/api/home-page/cms/image/delete/:id', access: 'admin', errors: [404], tags,
    summary: 'Delete a hero image and its file', params: idParam, response: envelope(z.object({ id: z.number().int() })),
  },
} satisfies Record<string, RouteDef>;

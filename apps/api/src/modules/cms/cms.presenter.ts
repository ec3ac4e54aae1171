import type { AboutView, ContactView, HomeImage, HomeView, PrivacyEntry } from '@nibras/contract';
import type { HomeImageRow, PrivacyRow } from './cms.queries';

type Stored = { content: Record<string, unknown>; updatedAt: Date } | null;

/** A saved page's field, or '' before anything is saved (or for a field added since). */
const field = (page: Stored, name: string) => {
  const value = page?.content[name];
  return typeof value === 'string' ? value : '';
};

export function presentImage(row: HomeImageRow): HomeImage {
  return {
    id: row.id,
    url: `/api/home-page/cms/image/view/${row.id}`,
    alt_ar: row.altAr,
    alt_en: row.altEn,
    title_ar: row.titleAr,
    title_en: row.titleEn,
    link: row.link,
    position: row.position,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentHome(page: Stored, images: HomeImageRow[]): HomeView {
  return {
    hero_title_ar: field(page, 'hero_title_ar'),
    hero_title_en: field(page, 'hero_title_en'),
    hero_text_ar: field(page, 'hero_text_ar'),
    hero_text_en: field(page, 'hero_text_en'),
    cta_label_ar: field(page, 'cta_label_ar'),
    cta_label_en: field(page, 'cta_label_en'),
    cta_link: field(page, 'cta_link'),
    images: images.map(presentImage),
    updatedAt: page ? page.updatedAt.toISOString() : null,
  };
}

export function presentContact(page: Stored): ContactView {
  return {
    address_ar: field(page, 'address_ar'),
    address_en: field(page, 'address_en'),
    phone: field(page, 'phone'),
    email: field(page, 'email'),
    text_ar: field(page, 'text_ar'),
    text_en: field(page, 'text_en'),
    updatedAt: page ? page.updatedAt.toISOString() : null,
  };
}

export function presentAbout(page: Stored): AboutView {
  return { body_ar: field(page, 'body_ar'), body_en: field(page, 'body_en'), updatedAt: page ? page.updatedAt.toISOString() : null };
}

export function presentPrivacyEntry(row: PrivacyRow): PrivacyEntry {
  return {
    id: row.id,
    title_ar: row.titleAr,
    title_en: row.titleEn,
    body_ar: row.bodyAr,
    body_en: row.bodyEn,
    position: row.position,
    updatedAt: row.updatedAt.toISOString(),
  };
}

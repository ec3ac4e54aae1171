import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { homeImageFields, type aboutContentBody, type contactContentBody, type homeContentBody, type privacyEntryBody } from '@nibras/contract';
import { AppError } from '../../lib/app-error';
import { sanitizePlainText, sanitizeRichText, withoutInvisibleControls } from '../../lib/sanitize';
import type { AppContext } from '../../context';
import { receiveUploadWithFields } from '../authoring/upload-fields';
import { presentAbout, presentContact, presentHome, presentImage, presentPrivacyEntry } from './cms.presenter';
import {
  deleteImageRow,
  deletePrivacyRow,
  findImage,
  findPage,
  insertImage,
  insertPrivacy,
  listImages,
  listPrivacy,
  savePage,
  updateImage,
  updatePrivacy,
} from './cms.queries';

const notFound = () => new AppError('api.error.not_found', 404);

/**
 * Plain text: the text a reader sees, no markup whatever came in, and no invisible controls (never
 * needed in what an admin types: the pages set `dir` themselves; lib/sanitize.ts).
 */
export const cmsPlain = (text: string) => sanitizePlainText(withoutInvisibleControls(text));

/** Rich text: the allow-list of lib/sanitize.ts (tags, attributes, link schemes), whatever the editor sent. */
export const cmsRich = (html: string) => {
  const clean = sanitizeRichText(withoutInvisibleControls(html));
  // An editor's empty document is "<p></p>": nothing to show, so the site keeps its default.
  return clean.replace(/<p>(\s|<br \/>)*<\/p>/g, '').trim() === '' ? '' : clean;
};

/** The answers of the public reads (plugins/public-cache.ts) follow an admin's save at once. */
function invalidateViews(ctx: AppContext, prefix: string) {
  ctx.publicResponses.invalidate(`GET ${prefix}`);
}

export async function homeView(ctx: AppContext) {
  const [page, images] = await Promise.all([findPage(ctx.db, 'home'), listImages(ctx.db)]);
  return presentHome(page, images);
}

export async function saveHome(ctx: AppContext, body: z.output<typeof homeContentBody>) {
  await savePage(ctx.db, 'home', {
    hero_title_ar: cmsPlain(body.hero_title_ar),
    hero_title_en: cmsPlain(body.hero_title_en),
    hero_text_ar: cmsPlain(body.hero_text_ar),
    hero_text_en: cmsPlain(body.hero_text_en),
    cta_label_ar: cmsPlain(body.cta_label_ar),
    cta_label_en: cmsPlain(body.cta_label_en),
    cta_link: body.cta_link,
  });
  invalidateViews(ctx, '/api/home-page/cms');
  return homeView(ctx);
}

export async function contactView(ctx: AppContext) {
  return presentContact(await findPage(ctx.db, 'contact'));
}

export async function saveContact(ctx: AppContext, body: z.output<typeof contactContentBody>) {
  const page = await savePage(ctx.db, 'contact', {
    address_ar: cmsPlain(body.address_ar),
    address_en: cmsPlain(body.address_en),
    phone: body.phone,
    email: body.email,
    text_ar: cmsRich(body.text_ar),
    text_en: cmsRich(body.text_en),
  });
  invalidateViews(ctx, '/api/contact-us/cms');
  return presentContact(page);
}

export async function aboutView(ctx: AppContext) {
  return presentAbout(await findPage(ctx.db, 'about'));
}

export async function saveAbout(ctx: AppContext, body: z.output<typeof aboutContentBody>) {
  const page = await savePage(ctx.db, 'about', { body_ar: cmsRich(body.body_ar), body_en: cmsRich(body.body_en) });
  invalidateViews(ctx, '/api/about-us/cms');
  return presentAbout(page);
}

export async function privacyView(ctx: AppContext) {
  return { entries: (await listPrivacy(ctx.db)).map(presentPrivacyEntry) };
}

export async function savePrivacyEntry(ctx: AppContext, body: z.output<typeof privacyEntryBody>) {
  const values = {
    titleAr: cmsPlain(body.title_ar),
    titleEn: cmsPlain(body.title_en),
    bodyAr: cmsRich(body.body_ar),
    bodyEn: cmsRich(body.body_en),
    position: body.position,
  };
  if (body.id === undefined) await insertPrivacy(ctx.db, values);
  else if (!(await updatePrivacy(ctx.db, body.id, values))) throw notFound();
  invalidateViews(ctx, '/api/privacy-policy/cms');
  return privacyView(ctx);
}

export async function deletePrivacyEntry(ctx: AppContext, id: number) {
  if (!(await deletePrivacyRow(ctx.db, id))) throw notFound();
  invalidateViews(ctx, '/api/privacy-policy/cms');
  return privacyView(ctx);
}

const imageValues = (fields: z.output<typeof homeImageFields>) => ({
  altAr: cmsPlain(fields.alt_ar),
  altEn: cmsPlain(fields.alt_en),
  titleAr: cmsPlain(fields.title_ar),
  titleEn: cmsPlain(fields.title_en),
  link: fields.link,
  position: fields.position,
});

/** The text fields come first and are checked before a byte of the file is stored; the file is checked by content. */
export async function addImage(ctx: AppContext, request: FastifyRequest) {
  const { fields, upload } = await receiveUploadWithFields(ctx, request, homeImageFields, async () => ({ kind: 'image', folder: 'home' }));
  let row;
  try {
    row = await insertImage(ctx.db, { ...imageValues(fields), file: upload.key });
  } catch (error) {
    // No row points at the file: it goes too.
    await ctx.storage.remove(upload.key);
    throw error;
  }
  invalidateViews(ctx, '/api/home-page/cms');
  return presentImage(row);
}

export async function imageFile(ctx: AppContext, id: number) {
  const row = await findImage(ctx.db, id);
  if (!row) throw notFound();
  return { key: row.file, name: `home-${row.id}.${row.file.split('.').pop()}` };
}

export async function editImage(ctx: AppContext, id: number) {
  const row = await findImage(ctx.db, id);
  if (!row) throw notFound();
  return presentImage(row);
}

export async function changeImage(ctx: AppContext, id: number, fields: z.output<typeof homeImageFields>) {
  const row = await updateImage(ctx.db, id, imageValues(fields));
  if (!row) throw notFound();
  invalidateViews(ctx, '/api/home-page/cms');
  return presentImage(row);
}

export async function deleteImage(ctx: AppContext, id: number) {
  const row = await deleteImageRow(ctx.db, id);
  if (!row) throw notFound();
  await ctx.storage.remove(row.file);
  invalidateViews(ctx, '/api/home-page/cms');
  return { id: row.id };
}

import { beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createCategory, createCourse } from '../../../test/factories';
import { REAL } from '../../../test/upload-corpus';
import { authoringSuite, expectOk, multipartWithFields, signedInCaller, type Caller } from '../authoring/authoring.test-kit';
import { firstFreeSlug, slugFromNames } from './slug';

const suite = authoringSuite();
let admin: Caller;
beforeAll(async () => {
  admin = (await signedInCaller(suite.app, 'admin')).api;
});

const tag = () => randomBytes(4).toString('hex');
const names = async () => expectOk(await suite.app.inject({ method: 'GET', url: '/api/category/namelist' })).data as { id: number; slug: string; name_ar: string; name_en: string }[];
const list = async (body: object, page = 1) => expectOk(await admin.post(`/api/admin/category/list?page=${page}`, body)).data;
const uploadIcon = (id: number, file: { name: string; type: string; bytes: Buffer }) => {
  const body = multipartWithFields({}, file);
  return suite.app.inject({ method: 'POST', url: `/api/admin/category/icon/${id}`, headers: { ...admin.auth, 'accept-language': 'en', ...body.headers }, payload: body.payload });
};

describe('slugs made from names', () => {
  it('come from the English name, else a transliteration of the Arabic name, else "category"; a taken one gets -2, -3', () => {
    expect(slugFromNames('Web Design & UX', 'تصميم')).toBe('web-design-ux');
    expect(slugFromNames('Café déco', '')).toBe('cafe-deco');
    expect(slugFromNames('برمجة', 'الخط العربي')).toBe('alkht-alarby');
    expect(slugFromNames('!!!', '؟؟')).toBe('category');
    expect(firstFreeSlug('design', new Set(['design', 'design-2']))).toBe('design-3');
    expect(firstFreeSlug('design', new Set(['design-2']))).toBe('design');
  });
});

describe('admin categories', () => {
  it('add, edit, update, delete: the public name list follows at once (it is cached)', async () => {
    const t = tag();
    const before = await names(); // fills the cache
    const added = await admin.post('/api/admin/category/add', { name_ar: `تصميم الويب ${t}`, name_en: `Web design ${t}` });
    expect(added.json().message).toBe('The category was added.');
    const category = expectOk(added).data;
    expect(category).toMatchObject({ slug: `web-design-${t}`, name_ar: `تصميم الويب ${t}`, name_en: `Web design ${t}`, icon: null, course_count: 0 });
    const afterAdd = await names();
    // Not a count: on the PostgreSQL server every worker's test files share one database, and another file may add a category meanwhile.
    expect(before.some((c) => c.id === category.id)).toBe(false);
    expect(before.every((c) => afterAdd.some((a) => a.id === c.id))).toBe(true);
    expect(afterAdd).toContainEqual({ id: category.id, slug: `web-design-${t}`, name_ar: `تصميم الويب ${t}`, name_en: `Web design ${t}` });

    expect(expectOk(await admin.get(`/api/admin/category/edit/${category.id}`)).data).toEqual(category);
    const updated = expectOk(await admin.post(`/api/admin/category/update/${category.id}`, { name_ar: `تصميم ${t}`, name_en: `Design ${t}`, slug: `design-${t}` })).data;
    expect(updated).toMatchObject({ id: category.id, slug: `design-${t}`, name_en: `Design ${t}` });
    expect((await names()).find((c) => c.id === category.id)).toEqual({ id: category.id, slug: `design-${t}`, name_ar: `تصميم ${t}`, name_en: `Design ${t}` });
    // No slug on update keeps the current one.
    expect(expectOk(await admin.post(`/api/admin/category/update/${category.id}`, { name_ar: `تصميم ${t}`, name_en: `Design two ${t}` })).data.slug).toBe(`design-${t}`);

    const deleted = await admin.get(`/api/admin/category/delete/${category.id}`);
    expect(deleted.json()).toMatchObject({ message: 'The category was deleted.', data: { id: category.id } });
    expect((await names()).some((c) => c.id === category.id)).toBe(false);
    expect((await admin.get(`/api/admin/category/edit/${category.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/admin/category/delete/${category.id}`)).statusCode).toBe(404);
  });

  it('an Arabic-only name gets a transliterated slug; a taken generated slug gets a number', async () => {
    const t = tag();
    const a = expectOk(await admin.post('/api/admin/category/add', { name_ar: 'الخط العربي', name_en: 'خط عربي', slug: '' })).data;
    expect(a.slug).toMatch(/^alkht-alarby(-\d+)?$/);
    const first = expectOk(await admin.post('/api/admin/category/add', { name_ar: 'أ ب', name_en: `Twin ${t}` })).data;
    const second = expectOk(await admin.post('/api/admin/category/add', { name_ar: 'أ ب', name_en: `Twin ${t}` })).data;
    expect([first.slug, second.slug]).toEqual([`twin-${t}`, `twin-${t}-2`]);
  });

  it('refuses a duplicate slug (409 on slug), a badly formed slug and empty or markup-only names (400 on the field)', async () => {
    const existing = await createCategory();
    const dup = await admin.post('/api/admin/category/add', { name_ar: 'اسم', name_en: 'Name', slug: existing.slug });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual({ slug: 'Another category already uses this slug.' });
    const other = await createCategory();
    const dupUpdate = await admin.post(`/api/admin/category/update/${other.id}`, { name_ar: 'اسم', name_en: 'Name', slug: existing.slug });
    expect(dupUpdate.statusCode).toBe(409);
    expect(dupUpdate.json().errors.slug).toBeTruthy();
    // Its own slug is not a duplicate.
    expect(expectOk(await admin.post(`/api/admin/category/update/${other.id}`, { name_ar: 'اسم', name_en: 'Name', slug: other.slug })).data.slug).toBe(other.slug);
    for (const slug of ['Web Design', 'web_design', '-web', 'web--design', 'تصميم']) {
      const bad = await admin.post('/api/admin/category/add', { name_ar: 'اسم', name_en: 'Name', slug });
      expect(bad.statusCode, slug).toBe(400);
      expect(bad.json().errors.slug).toContain('lowercase');
    }
    const empty = await admin.post('/api/admin/category/add', { name_ar: ' ', name_en: 'Name' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.name_ar).toBeTruthy();
    const markup = await admin.post('/api/admin/category/add', { name_ar: 'اسم', name_en: '<b></b>' });
    expect(markup.statusCode).toBe(400);
    expect(markup.json().errors.name_en).toBeTruthy();
    const stripped = expectOk(await admin.post('/api/admin/category/add', { name_ar: `<script>x</script>رسم ${tag()}`, name_en: `<i>Drawing</i> ${tag()}` })).data;
    expect(stripped.name_en).not.toContain('<');
    expect(stripped.name_ar).not.toContain('<');
    expect((await admin.post('/api/admin/category/update/999999999', { name_ar: 'اسم', name_en: 'Name' })).statusCode).toBe(404);
  });

  it('refuses to delete a category that holds courses, naming how many, in both languages', async () => {
    const category = await createCategory();
    await createCourse({ categoryId: category.id });
    await createCourse({ categoryId: category.id, approveStatus: 'draft' });
    await createCourse({ categoryId: category.id, deletedAt: new Date() });
    const en = await admin.get(`/api/admin/category/delete/${category.id}`);
    expect(en.statusCode).toBe(409);
    expect(en.json().message).toBe('This category holds 2 courses; move them to another category before deleting it.');
    const ar = await suite.app.inject({ method: 'GET', url: `/api/admin/category/delete/${category.id}`, headers: { ...admin.auth, 'accept-language': 'ar' } });
    expect(ar.statusCode).toBe(409);
    // Arabic's dual: "two courses" is one word, no digit.
    expect(ar.json().message).toBe('يضم هذا التصنيف دورتين؛ انقلهما إلى تصنيف آخر قبل حذفه.');
    expect(expectOk(await admin.get(`/api/admin/category/edit/${category.id}`)).data.course_count).toBe(2);
  });

  it('lists with Arabic-aware search, sorting by name, course count or slug, and pagination', async () => {
    const t = tag();
    const a = await createCategory({ slug: `alpha-${t}`, nameAr: `إدارة الأعمال ${t}`, nameEn: `Business ${t}` });
    const b = await createCategory({ slug: `beta-${t}`, nameAr: `اللغة العربية ${t}`, nameEn: `Arabic language ${t}` });
    await createCourse({ categoryId: b.id });
    // Bare alef and haa for taa marbuta: the folded forms find the written ones.
    expect((await list({ search: `اداره ${t}` })).items.map((c: { id: number }) => c.id)).toEqual([a.id]);
    expect((await list({ search: `العربيه` })).items.map((c: { id: number }) => c.id)).toContain(b.id);
    expect((await list({ search: `BUSINESS ${t}` })).items.map((c: { id: number }) => c.id)).toEqual([a.id]);
    expect((await list({ search: `beta-${t}` })).items.map((c: { id: number }) => c.id)).toEqual([b.id]);
    expect((await list({ search: `nothing-${t}` }))).toMatchObject({ items: [], total: 0 });

    const ours = (l: { items: { id: number }[] }) => l.items.map((c) => c.id).filter((id) => id === a.id || id === b.id);
    expect(ours(await list({ search: t, language: 'en', sortConfig: { key: 'name', direction: 'asc' } }))).toEqual([b.id, a.id]);
    expect(ours(await list({ search: t, language: 'ar', sortConfig: { key: 'name', direction: 'asc' } }))).toEqual([a.id, b.id]);
    expect(ours(await list({ search: t, sortConfig: { key: 'course_count', direction: 'desc' } }))).toEqual([b.id, a.id]);
    const page2 = await list({ search: t, perPage: 1, sortConfig: { key: 'slug', direction: 'asc' } }, 2);
    expect(page2).toMatchObject({ page: 2, perPage: 1, total: 2 });
    expect(page2.items.map((c: { id: number }) => c.id)).toEqual([b.id]);
    expect(page2.items[0]).toMatchObject({ course_count: 1, slug: `beta-${t}` });
  });

  it('takes an icon checked by content: a PNG is served back, SVG and markup are refused, removing it works', async () => {
    const category = await createCategory();
    const svg = await uploadIcon(category.id, { name: 'icon.png', type: 'image/png', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') });
    expect(svg.statusCode).toBe(415);
    expect(svg.json().errors.file).toBeTruthy();
    const poly = await uploadIcon(category.id, { name: 'icon.png', type: 'image/png', bytes: Buffer.concat([REAL.png, Buffer.from('<script>alert(1)</script>')]) });
    expect(poly.statusCode).toBe(415);
    const ok = expectOk(await uploadIcon(category.id, { name: 'anything.bin', type: 'application/octet-stream', bytes: REAL.png })).data;
    expect(ok.icon).toMatch(new RegExp(`^/api/category/icon/${category.id}\\?v=\\d+$`));
    const served = await suite.app.inject({ method: 'GET', url: ok.icon });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('image/png');
    expect(served.rawPayload.equals(REAL.png)).toBe(true);
    const removed = expectOk(await admin.get(`/api/admin/category/icon/delete/${category.id}`)).data;
    expect(removed.icon).toBeNull();
    expect((await suite.app.inject({ method: 'GET', url: `/api/category/icon/${category.id}` })).statusCode).toBe(404);
    expect((await uploadIcon(999999999, { name: 'a.png', type: 'image/png', bytes: REAL.png })).statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    const category = await createCategory();
    for (const role of ['instructor', 'participant'] as const) {
      const other = await signedInCaller(suite.app, role as 'instructor');
      expect((await other.api.post('/api/admin/category/list?page=1', {})).statusCode).toBe(403);
      expect((await other.api.post('/api/admin/category/add', { name_ar: 'اسم', name_en: 'Name' })).statusCode).toBe(403);
      expect((await other.api.get(`/api/admin/category/delete/${category.id}`)).statusCode).toBe(403);
    }
    expect((await admin.get(`/api/admin/category/edit/${category.id}`)).statusCode).toBe(200);
  });
});

import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/harness';
import { createCourse, enrollParticipant } from '../../../test/factories';
import { authoringSuite, expectOk, signedInCaller, type Caller } from './authoring.test-kit';

const suite = authoringSuite();

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

/** Four courses of one instructor with known titles, statuses, prices and dates, one deleted, and one of someone else. */
async function catalogue() {
  const owner = await signedInCaller(suite.app, 'instructor');
  const tok = `k${randomBytes(4).toString('hex')}`;
  const base = { instructorId: owner.user.id };
  const alpha = await createCourse({ ...base, title: `Alpha ${tok}`, language: 'ar', approveStatus: 'approved', completionStatus: 'complete', price: 10, createdAt: minutesAgo(40), updatedAt: minutesAgo(4), submittedAt: minutesAgo(30) });
  const beta = await createCourse({ ...base, title: `Beta ${tok}`, language: 'en', approveStatus: 'draft', completionStatus: 'incomplete', price: 0, createdAt: minutesAgo(30), updatedAt: minutesAgo(3) });
  const gamma = await createCourse({ ...base, title: `Gamma ${tok}`, subtitle: 'now 100%_off', language: 'en', approveStatus: 'pending', completionStatus: 'complete', price: 30, createdAt: minutesAgo(20), updatedAt: minutesAgo(2), submittedAt: minutesAgo(10) });
  const delta = await createCourse({ ...base, title: `Delta ${tok}`, language: 'ar', approveStatus: 'rejected', completionStatus: 'incomplete', price: 20, reviewMessage: 'Fix the audio', createdAt: minutesAgo(10), updatedAt: minutesAgo(1), submittedAt: minutesAgo(20) });
  await createCourse({ ...base, title: `Deleted ${tok}`, deletedAt: new Date() });
  const someoneElse = await createUser('instructor', { name: `Someone ${tok}` });
  const theirs = await createCourse({ instructorId: someoneElse.id, title: `Theirs ${tok}`, language: 'en' });
  for (let i = 0; i < 3; i++) await enrollParticipant(delta.id);
  await enrollParticipant(alpha.id);
  return { api: owner.api, tok, alpha, beta, gamma, delta, theirs, someoneElse };
}

const list = async (api: Caller, body: object, page = 1) => expectOk(await api.post(`/api/instructor/mycourse/list?page=${page}`, body)).data;
const titles = (data: { items: { title: string }[] }) => data.items.map((c) => c.title.split(' ')[0]);

describe('POST /api/instructor/mycourse/list', () => {
  it('lists only your own, not deleted courses, most recently changed first, with their status and counts', async () => {
    const { api, alpha, delta } = await catalogue();
    const data = await list(api, {});
    expect(titles(data)).toEqual(['Delta', 'Gamma', 'Beta', 'Alpha']);
    expect(data).toMatchObject({ page: 1, perPage: 10, total: 4 });
    expect(data.items[0]).toMatchObject({ id: delta.id, approve_status: 'rejected', completion_status: 'incomplete', review_message: 'Fix the audio', enrollment_count: 3, is_public: false, price: 20, language: 'ar' });
    expect(data.items[3]).toMatchObject({ id: alpha.id, approve_status: 'approved', is_public: true, enrollment_count: 1 });
  });

  it('filters by language, completion_status and approve_status; an empty string means any', async () => {
    const { api } = await catalogue();
    expect(titles(await list(api, { language: 'ar' }))).toEqual(['Delta', 'Alpha']);
    expect(titles(await list(api, { completion_status: 'complete' }))).toEqual(['Gamma', 'Alpha']);
    expect(titles(await list(api, { approve_status: 'pending' }))).toEqual(['Gamma']);
    expect(titles(await list(api, { approve_status: 'draft' }))).toEqual(['Beta']);
    expect(titles(await list(api, { language: 'en', completion_status: 'incomplete' }))).toEqual(['Beta']);
    expect((await list(api, { language: '', completion_status: '', approve_status: '', search: '' })).total).toBe(4);
  });

  it('searches title and subtitle, case-insensitively, with % and _ taken literally', async () => {
    const { api, tok } = await catalogue();
    expect(titles(await list(api, { search: 'GAMMA' }))).toEqual(['Gamma']);
    expect(titles(await list(api, { search: '100%_off' }))).toEqual(['Gamma']);
    expect(titles(await list(api, { search: '%' }))).toEqual(['Gamma']);
    expect((await list(api, { search: tok })).total).toBe(4);
    const none = await list(api, { search: 'no course is called this' });
    expect(none).toEqual({ items: [], page: 1, perPage: 10, total: 0 });
  });

  it('sorts by every key, both ways (asc/desc or ascending/descending); a key alone sorts ascending', async () => {
    const { api } = await catalogue();
    const sorted = async (key: string, direction?: string) => titles(await list(api, { sortConfig: direction ? { key, direction } : { key } }));
    expect(await sorted('title')).toEqual(['Alpha', 'Beta', 'Delta', 'Gamma']);
    expect(await sorted('title', 'descending')).toEqual(['Gamma', 'Delta', 'Beta', 'Alpha']);
    expect(await sorted('price', 'desc')).toEqual(['Gamma', 'Delta', 'Alpha', 'Beta']);
    expect(await sorted('price', 'ascending')).toEqual(['Beta', 'Alpha', 'Delta', 'Gamma']);
    expect(await sorted('created_at', 'asc')).toEqual(['Alpha', 'Beta', 'Gamma', 'Delta']);
    expect(await sorted('updated_at', 'asc')).toEqual(['Alpha', 'Beta', 'Gamma', 'Delta']);
    expect(await sorted('updated_at', 'desc')).toEqual(['Delta', 'Gamma', 'Beta', 'Alpha']);
    // Never submitted (Beta) comes last either way.
    expect(await sorted('submitted_at', 'desc')).toEqual(['Gamma', 'Delta', 'Alpha', 'Beta']);
    expect(await sorted('submitted_at', 'asc')).toEqual(['Alpha', 'Delta', 'Gamma', 'Beta']);
    expect(await sorted('enrollment_count', 'desc')).toEqual(['Delta', 'Alpha', 'Gamma', 'Beta']);
    expect((await sorted('approve_status', 'asc'))).toEqual(['Alpha', 'Beta', 'Gamma', 'Delta']);
    expect((await sorted('completion_status', 'asc')).slice(0, 2).sort()).toEqual(['Alpha', 'Gamma']);
    expect(titles(await list(api, { sortConfig: null }))).toEqual(['Delta', 'Gamma', 'Beta', 'Alpha']);
    expect(titles(await list(api, { sortConfig: {} }))).toEqual(['Delta', 'Gamma', 'Beta', 'Alpha']);
  });

  it('paginates with perPage and ?page=, past the end is an empty page', async () => {
    const { api } = await catalogue();
    const body = { sortConfig: { key: 'title', direction: 'asc' }, perPage: 3 };
    expect(await list(api, body, 1)).toMatchObject({ page: 1, perPage: 3, total: 4 });
    expect(titles(await list(api, body, 1))).toEqual(['Alpha', 'Beta', 'Delta']);
    expect(titles(await list(api, body, 2))).toEqual(['Gamma']);
    expect(await list(api, body, 3)).toEqual({ items: [], page: 3, perPage: 3, total: 4 });
  });

  it('refuses bad filters with field messages', async () => {
    const { api } = await signedInCaller(suite.app, 'instructor');
    const cases: [object, string, string?][] = [
      [{ perPage: 101 }, 'perPage'],
      [{ perPage: 0 }, 'perPage'],
      [{ approve_status: 'published' }, 'approve_status'],
      [{ language: 'fr' }, 'language'],
      [{ completion_status: 'done' }, 'completion_status'],
      [{ sortConfig: { key: 'password_hash' } }, 'sortConfig.key'],
      [{ sortConfig: { key: 'title', direction: 'sideways' } }, 'sortConfig.direction'],
      [{ search: 'x'.repeat(201) }, 'search'],
      [{ instructor_id: 1 }, 'instructor_id'],
      [{}, 'page', '0'],
    ];
    for (const [body, field, page] of cases) {
      const res = await api.post(`/api/instructor/mycourse/list?page=${page ?? 1}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors, JSON.stringify(body)).toHaveProperty([field]);
    }
  });
});

describe('POST /api/admin/course/list', () => {
  it("lists every instructor's courses with the same filters, and also searches instructor name and email", async () => {
    const { tok, theirs, someoneElse } = await catalogue();
    const admin = (await signedInCaller(suite.app, 'admin')).api;
    const all = expectOk(await admin.post('/api/admin/course/list?page=1', { search: tok, sortConfig: { key: 'title', direction: 'asc' } })).data;
    expect(titles(all)).toEqual(['Alpha', 'Beta', 'Delta', 'Gamma', 'Theirs']);
    const byName = expectOk(await admin.post('/api/admin/course/list?page=1', { search: `Someone ${tok}` })).data;
    expect(byName.items.map((c: { id: number; instructor: { id: number } }) => [c.id, c.instructor.id])).toEqual([[theirs.id, someoneElse.id]]);
    const byEmail = expectOk(await admin.post('/api/admin/course/list?page=1', { search: someoneElse.email.toUpperCase() })).data;
    expect(byEmail.items.map((c: { id: number }) => c.id)).toEqual([theirs.id]);
    const pending = expectOk(await admin.post('/api/admin/course/list?page=1', { search: tok, approve_status: 'pending', language: 'en', completion_status: 'complete' })).data;
    expect(titles(pending)).toEqual(['Gamma']);
    const paged = expectOk(await admin.post('/api/admin/course/list?page=2', { search: tok, perPage: 2, sortConfig: { key: 'title' } })).data;
    expect(paged).toMatchObject({ page: 2, perPage: 2, total: 5 });
    expect(titles(paged)).toEqual(['Delta', 'Gamma']);
  });
});

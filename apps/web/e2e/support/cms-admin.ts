import { afterAll } from 'vitest';
import { png } from '../../../api/test/media-files';
import { apiLogin, newAccount, type TestServer } from './server';

/** An admin's calls to the content pages' API, for tests that need saved content before a page loads. */
export async function cmsAdmin(server: TestServer) {
  const login = await apiLogin(server, 'admin', await newAccount('admin'));
  const auth = { authorization: `Bearer ${login.token}`, 'accept-language': 'en' };
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as { data: Record<string, unknown> & { id: number; entries: { id: number }[] } } };
  };
  const get = async (path: string) => {
    const response = await fetch(`${server.baseUrl}${path}`, { headers: auth });
    return { status: response.status, body: (await response.json()) as { data: Record<string, unknown> } };
  };
  const addImage = async (fields: Record<string, string | number>, seed = 1) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
    form.append('file', new Blob([new Uint8Array(png({ width: 320, height: 180, seed }))], { type: 'image/png' }), 'hero.png');
    const response = await fetch(`${server.baseUrl}/api/home-page/cms/image`, { method: 'POST', headers: auth, body: form });
    if (!response.ok) throw new Error(`image upload: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { data: { id: number } }).data;
  };
  /**
   * The site's content as it was before anything was saved: empty pages (the public pages show their
   * default texts), no privacy entries, no home images. The content is global to the worker's shared
   * database, so a file that changes it resets it when it ends: the next file's pages (and its
   * server, whose uploads folder does not hold this file's images) see the site as it starts.
   */
  const resetContent = async () => {
    const home = (await get('/api/home-page/cms/view')).body.data as { images: { id: number }[] };
    for (const image of home.images) await get(`/api/home-page/cms/image/delete/${image.id}`);
    const privacy = (await get('/api/privacy-policy/cms/view')).body.data as { entries: { id: number }[] };
    for (const entry of privacy.entries) await get(`/api/privacy-policy/cms/delete/${entry.id}`);
    for (const page of ['home-page', 'contact-us', 'about-us']) {
      const saved = await post(`/api/${page}/cms`, {});
      if (saved.status !== 200) throw new Error(`resetting ${page}: ${saved.status}`);
    }
  };
  return { login, post, get, addImage, resetContent };
}

/** For a test file that changes the site's content: resets it when the file ends (see resetContent). */
export function resetContentAfterAll(server: () => TestServer) {
  afterAll(async () => {
    await (await cmsAdmin(server())).resetContent();
  });
}

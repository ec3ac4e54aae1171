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
  return { login, post, get, addImage };
}

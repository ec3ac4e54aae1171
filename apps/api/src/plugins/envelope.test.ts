import { describe, expect, it } from 'vitest';
import { apiSuite } from '../../test/harness';

const suite = apiSuite({ config: { bodyLimit: 16 * 1024 } });

describe('one envelope for bad input', () => {
  it('malformed JSON is a 400 with a translated message', async () => {
    for (const [lang, text] of [['en', 'The request body is not valid JSON.'], ['ar', 'محتوى الطلب ليس JSON صالحًا.']]) {
      const res = await suite.inject({ method: 'POST', url: '/api/participant/login', headers: { 'content-type': 'application/json', 'accept-language': lang! }, payload: '{"email": ' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, status: false, message: text, errors: {} });
    }
  });

  it('wrong types, missing and extra fields get field messages in the asked language', async () => {
    const body = { name: 42, password: 'Lantern-river-93', isAdmin: true };
    const en = await suite.inject({ method: 'POST', url: '/api/participant/register', headers: { 'accept-language': 'en' }, payload: body });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      success: false,
      status: false,
      message: 'Please check the highlighted fields.',
      errors: { name: 'This value has the wrong type.', email: 'This field is required.', isAdmin: 'This field is not accepted.' },
    });
    const ar = await suite.inject({ method: 'POST', url: '/api/participant/register', headers: { 'accept-language': 'ar-SA' }, payload: body });
    expect(ar.json().errors).toEqual({ name: 'نوع هذه القيمة غير صحيح.', email: 'هذا الحقل مطلوب.', isAdmin: 'هذا الحقل غير مقبول.' });
  });

  it('a body that is not an object at all is a 400 with a message', async () => {
    for (const payload of ['[]', '"text"', '42', 'null']) {
      const res = await suite.inject({ method: 'POST', url: '/api/admin/login', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toMatchObject({ success: false, status: false });
    }
  });

  it('an oversized body is a 413 in the envelope', async () => {
    const res = await suite.inject({ method: 'POST', url: '/api/participant/register', headers: { 'accept-language': 'en' }, payload: { name: 'x'.repeat(20_000), email: 'a@b.co', password: 'Lantern-river-93' } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, status: false, message: 'The request is too large.', errors: {} });
  });

  it('an unsupported content type is a 415 in the envelope', async () => {
    const res = await suite.inject({ method: 'POST', url: '/api/participant/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(res.statusCode).toBe(415);
    expect(res.json().success).toBe(false);
  });

  it('an unknown API path is a 404 in the envelope', async () => {
    const res = await suite.inject({ method: 'GET', url: '/api/no/such/thing', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, status: false, message: 'Not found.', errors: {} });
  });
});

describe('NUL characters', () => {
  it('are a 400 field error in params, query and body, never a database error', async () => {
    const slug = await suite.inject({ method: 'GET', url: '/api/public/category/a%00b', headers: { 'accept-language': 'en' } });
    expect(slug.statusCode).toBe(400);
    expect(slug.json().errors).toEqual({ id: 'This value contains characters that are not allowed.' });
    const query = await suite.inject({ method: 'GET', url: '/api/public/search?q=ab%00c' });
    expect(query.statusCode).toBe(400);
    const body = await suite.inject({ method: 'POST', url: '/api/contact-us/send', payload: { name: 'Nul\u0000Name', email: 'a@b.co', message: 'a message that is long enough' } });
    expect(body.statusCode).toBe(400);
    expect(body.json().errors).toHaveProperty('name');
  });
});

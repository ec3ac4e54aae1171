import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, inject, signedIn, uniqueEmail, uniqueIp } from '../../../test/harness';

let app: FastifyInstance;
let admin: Record<string, string>;
beforeAll(async () => {
  app = await buildTestApp();
  admin = (await signedIn(app, 'admin')).auth;
});
afterAll(() => app.close());

describe('newsletter', () => {
  it('subscribes an email once; a repeat gets the same success message', async () => {
    const email = uniqueEmail('news');
    const first = await inject(app, { method: 'POST', url: '/api/newsletter/subscribe', headers: { 'accept-language': 'en' }, payload: { email } });
    const again = await inject(app, { method: 'POST', url: '/api/newsletter/subscribe', headers: { 'accept-language': 'en' }, payload: { email: email.toUpperCase() } });
    expect(first.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    const list = (await inject(app, { method: 'POST', url: '/api/admin/subscribe/view?page=1', headers: admin, payload: { search: email.split('@')[0] } })).json().data;
    expect(list.total).toBe(1);
    expect(list.items[0].email).toBe(email);
  });

  it('gives a bad email a field error in the asked language', async () => {
    const res = await inject(app, { method: 'POST', url: '/api/newsletter/subscribe', headers: { 'accept-language': 'ar' }, payload: { email: 'not-an-email' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.email).toBe('أدخل بريدًا إلكترونيًا صحيحًا.');
  });

  it('is limited per address', async () => {
    const ip = uniqueIp();
    const codes = [];
    for (let i = 0; i < 21; i++) codes.push((await app.inject({ method: 'POST', url: '/api/newsletter/subscribe', remoteAddress: ip, payload: { email: uniqueEmail() } })).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(codes[20]).toBe(429);
  });
});

describe('contact us', () => {
  it('stores the message, as plain text, for admins', async () => {
    const subject = `Question ${uniqueEmail()}`;
    const res = await inject(app, { method: 'POST', url: '/api/contact-us/send', payload: { name: 'سارة', email: 'sara@example.com', subject, message: 'مرحبًا <img src=x onerror=alert(1)>، هل الدورة مجانية؟' } });
    expect(res.statusCode).toBe(200);
    const list = (await inject(app, { method: 'POST', url: '/api/admin/contact/list?page=1', headers: admin, payload: { search: subject } })).json().data;
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ name: 'سارة', subject, message: 'مرحبًا ، هل الدورة مجانية؟' });
  });

  it('keeps an entity-encoded tag from turning into markup', async () => {
    const subject = `&lt;script&gt;alert(1)&lt;/script&gt;Question ${uniqueEmail()}`;
    const res = await inject(app, { method: 'POST', url: '/api/contact-us/send', payload: { name: '&amp;lt;b&amp;gt;سارة', email: 'sara@example.com', subject, message: 'مرحبًا &#60;img src=x onerror=alert(1)&#62;، هل الدورة مجانية؟' } });
    expect(res.statusCode).toBe(200);
    const list = (await inject(app, { method: 'POST', url: '/api/admin/contact/list?page=1', headers: admin, payload: { search: subject.slice(subject.indexOf('Question')) } })).json().data;
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ name: 'سارة', message: 'مرحبًا ، هل الدورة مجانية؟' });
    // A script's content goes with it.
    expect(list.items[0].subject).toBe(subject.slice(subject.indexOf('Question')));
  });

  it('names each missing or bad field', async () => {
    const res = await inject(app, { method: 'POST', url: '/api/contact-us/send', headers: { 'accept-language': 'en' }, payload: { name: 'A', email: 'x', message: 'short' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'message', 'name']);
  });
});

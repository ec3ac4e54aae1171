// The build's plugins live in apps/web/vite-plugins; the unit tests are collected under src.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { keysTheBrowserReads, splitBackOffice } from '../../vite-plugins/translations-for-browser';
import { BACK_OFFICE_PREFIXES } from '../i18n/back-office-prefixes';
import { filesUnder, WEB_SRC } from './source-files';

const catalog = JSON.parse(readFileSync(new URL('../../public/assets/i18n/translations/ar.json', import.meta.url), 'utf8')) as Record<string, string>;
const webCode = filesUnder(WEB_SRC, (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)).map((file) => readFileSync(file, 'utf8'));

describe('the translation catalogs as the browser gets them (vite-plugins/translations-for-browser.ts)', () => {
  const kept = keysTheBrowserReads(catalog, webCode);

  it("leaves out the server's own messages, and keeps every server key the web app's code names and the forms' field messages", () => {
    expect(kept.has('api.notify.order_paid.subject')).toBe(false);
    expect(kept.has('api.order.refunded')).toBe(false);
    expect(kept.has('api.validation.required')).toBe(true);
    const named = new Set(webCode.flatMap((code) => [...code.matchAll(/['"`](api\.[\w.]+)/g)].map((m) => m[1]!)).filter((key) => key in catalog));
    expect(named.size).toBeGreaterThan(0);
    for (const key of named) expect(kept.has(key), key).toBe(true);
    for (const key of Object.keys(catalog).filter((k) => !k.startsWith('api.'))) expect(kept.has(key), key).toBe(true);
  });

  it("puts the signed-in areas' words apart, each key in exactly one of the two", () => {
    const { publicWords, backOffice } = splitBackOffice(Object.fromEntries([...kept].map((key) => [key, catalog[key]!])));
    expect(Object.keys(publicWords).length + Object.keys(backOffice).length).toBe(kept.size);
    expect(Object.keys(backOffice).every((key) => BACK_OFFICE_PREFIXES.some((prefix) => key.startsWith(prefix)))).toBe(true);
    expect(Object.keys(publicWords).some((key) => BACK_OFFICE_PREFIXES.some((prefix) => key.startsWith(prefix)))).toBe(false);
    expect(Object.keys(backOffice).length).toBeGreaterThan(100);
    expect(publicWords['details.enrol.paid']).toBe(catalog['details.enrol.paid']);
  });
});

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDocument } from 'htmlparser2';
import { findAll } from 'domutils';
import { describe, expect, it } from 'vitest';
import { drawnTemplate, preloadLinks, readRoutePreloads } from './route-preloads';

// The head of a page the server draws (docs/decisions/018), from the web app's real build (`npm run build:web`, or
// the checks of `npm test`): its index.html, route-preloads.json and files.
const webDist = fileURLToPath(new URL('../../../../web/dist', import.meta.url));

function built() {
  if (!existsSync(path.join(webDist, 'route-preloads.json'))) throw new Error(`${webDist}/route-preloads.json is missing: run npm run build:web first`);
  return { html: readFileSync(path.join(webDist, 'index.html'), 'utf8'), preloads: readRoutePreloads(webDist)! };
}

type Tag = Record<string, string | undefined> & { name: string };
const links = (html: string): Tag[] =>
  findAll((e) => e.name === 'link' || e.name === 'script', parseDocument(html).children).map((e) => ({ ...e.attribs, name: e.name }));

describe("a drawn page's head", () => {
  it("links the page's sheets as one file holding them in order, names each disabled so the app attaches none again, and leaves the app's script to the loader", () => {
    const { html, preloads } = built();
    const template = links(html);
    const entryScript = template.find((l) => l.name === 'script' && l.type === 'module')!.src;
    const modules = template.filter((l) => l.rel === 'modulepreload').map((l) => l.href);
    expect(modules.length).toBeGreaterThan(0);
    for (const pathname of ['/', '/category/programming', '/course-details/7', '/search']) {
      const route = preloads.routes.find((r) => new RegExp(r.pattern).test(pathname))!;
      const head = drawnTemplate(html, preloads, pathname).replace('</head>', `${preloadLinks(preloads, pathname, 'ar', '<main></main>')}</head>`);
      const found = links(head);
      const active = found.filter((l) => l.rel === 'stylesheet' && !('disabled' in l)).map((l) => l.href);
      // One file for the page's sheets, and the public sheet the layout attaches itself.
      expect(active, pathname).toEqual([route.drawnSheet, ...route.sheets]);
      const sheet = readFileSync(path.join(webDist, route.drawnSheet!), 'utf8');
      const parts = [...preloads.entryStyles!, ...route.styles].map((href) => readFileSync(path.join(webDist, href), 'utf8').trim());
      expect(sheet, pathname).toBe(parts.join('\n'));
      const disabled = found.filter((l) => l.rel === 'stylesheet' && 'disabled' in l).map((l) => l.href);
      expect(disabled.sort(), pathname).toEqual([...preloads.entryStyles!, ...route.styles].sort());
      // Nothing of the app is asked for with the page: the loader adds the same script, modules and catalog once it has loaded.
      expect(found.filter((l) => l.name === 'script' && l.type === 'module'), pathname).toEqual([]);
      expect(found.filter((l) => l.rel === 'modulepreload' || (l.rel === 'preload' && l.as === 'fetch')), pathname).toEqual([]);
      const loader = found.find((l) => l.name === 'script' && l.src === preloads.appAfterLoad)!;
      expect('defer' in loader).toBe(true);
      expect([loader['data-entry'], loader['data-modules']?.split(' '), loader['data-fetch']]).toEqual([entryScript, modules, '/assets/i18n/translations/ar.json']);
      expect(existsSync(path.join(webDist, preloads.appAfterLoad!))).toBe(true);
    }
  });

  it('leaves every other page as index.html has it', () => {
    const { html, preloads } = built();
    expect(preloadLinks(preloads, '/about', 'ar')).not.toContain('disabled');
    expect(preloadLinks(preloads, '/course-details/7', 'ar')).not.toContain('disabled');
    expect(preloadLinks(preloads, '/course-details/7', 'ar')).toContain('rel="modulepreload"');
    expect(html).toContain('<script type="module" crossorigin src="');
  });
});

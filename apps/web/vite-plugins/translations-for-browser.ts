import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { BACK_OFFICE_PREFIXES } from '../src/i18n/back-office-prefixes';

const WEB_SRC = fileURLToPath(new URL('../src/', import.meta.url));
const CONTRACT_SRC = fileURLToPath(new URL('../../../packages/contract/src/', import.meta.url));

/**
 * The server's own messages (`api.*`: the envelope's messages, the field messages it sends, its mails and
 * PDFs) are put into words by the API in the reader's language (apps/api/src/lib/i18n.ts reads the source
 * files), so the browser never looks most of them up. Those the browser does look up are kept: the field
 * messages of the forms' own checks (`api.validation.*`, and the contract's refinements, named in its
 * source) and every `api.*` key written in the web app's code.
 */
export function keysTheBrowserReads(catalog: Record<string, string>, sources: string[]): Set<string> {
  const named = new Set<string>();
  for (const code of sources) for (const match of code.matchAll(/['"`](api\.[\w.]+)/g)) named.add(match[1]!);
  return new Set(Object.keys(catalog).filter((key) => !key.startsWith('api.') || key.startsWith('api.validation.') || named.has(key)));
}

/** The signed-in areas' words apart (i18n/back-office.ts loads them in a role shell), the public pages' in the first catalog. */
export function splitBackOffice(catalog: Record<string, string>) {
  const publicWords: Record<string, string> = {};
  const backOffice: Record<string, string> = {};
  for (const [key, value] of Object.entries(catalog)) {
    if (BACK_OFFICE_PREFIXES.some((prefix) => key.startsWith(prefix))) backOffice[key] = value;
    else publicWords[key] = value;
  }
  return { publicWords, backOffice };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return filesUnder(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/**
 * The translation catalogs as the browser gets them (docs/decisions/017, issue 28): the same files, the keys
 * only the server reads left out and the JSON written without indentation, before the build's compressed
 * twins are made (precompress runs at closeBundle). The sources stay whole: ar.json and en.json hold every key.
 */
export function translationsForBrowser(): Plugin {
  let outDir = '';
  return {
    name: 'nibras-translations-for-browser',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const sources = [...filesUnder(WEB_SRC), ...filesUnder(CONTRACT_SRC)].map((file) => readFileSync(file, 'utf8'));
      const dir = path.join(outDir, 'assets/i18n/translations');
      for (const name of readdirSync(dir).filter((file) => file.endsWith('.json'))) {
        const file = path.join(dir, name);
        const catalog = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
        if (name.includes('.back-office.')) continue;
        const kept = keysTheBrowserReads(catalog, sources);
        const { publicWords, backOffice } = splitBackOffice(Object.fromEntries(Object.entries(catalog).filter(([key]) => kept.has(key))));
        writeFileSync(file, JSON.stringify(publicWords));
        writeFileSync(file.replace(/\.json$/, '.back-office.json'), JSON.stringify(backOffice));
      }
    },
  };
}

// The build's plugins live in apps/web/vite-plugins; the unit tests are collected under src.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as contract from '@nibras/contract';
import { browserContractModule, ROUTE_FIELDS_READ_BY_THE_BROWSER, splitRouteTables } from '../../vite-plugins/contract-for-browser';
import { filesUnder, WEB_SRC } from './source-files';

const SOURCE = '/contract/src/index.ts';

/** The values the module inlines, by name, and the names it takes from the contract's source. */
function parse(code: string) {
  const inlined = new Map<string, unknown>();
  let fromSource: string[] = [];
  for (const line of code.trim().split('\n')) {
    const constant = /^export const (\w+) = (.*);$/.exec(line);
    const reexport = /^export \{ (.*) \} from "(.*)";$/.exec(line);
    if (constant) inlined.set(constant[1]!, JSON.parse(constant[2]!));
    else if (reexport && reexport[2] === SOURCE) fromSource = reexport[1]!.split(', ');
    else throw new Error(`unexpected line: ${line}`);
  }
  return { inlined, fromSource };
}

describe('the contract as the browser build gets it (vite-plugins/contract-for-browser.ts)', () => {
  const { inlined, fromSource } = parse(browserContractModule(contract, SOURCE));

  it('exports every name the contract exports, each once', () => {
    expect([...inlined.keys(), ...fromSource].sort()).toEqual(Object.keys(contract).sort());
  });

  it('keeps of every route what the browser reads and none of its schemas, tables of tables included', () => {
    const asTheBrowserReads = (value: Record<string, unknown>): unknown =>
      typeof value.method === 'string'
        ? Object.fromEntries(ROUTE_FIELDS_READ_BY_THE_BROWSER.filter((field) => value[field] !== undefined).map((field) => [field, value[field]]))
        : Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, asTheBrowserReads(inner as Record<string, unknown>)]));
    const tables = Object.entries(contract).filter(([name]) => name.endsWith('Routes'));
    expect(tables.length).toBeGreaterThan(10);
    for (const [name, table] of tables) expect(inlined.get(name), name).toEqual(asTheBrowserReads(table as Record<string, unknown>));
  });

  it('inlines plain constants as they are, and takes schemas and helpers from the source', () => {
    expect(inlined.get('ROLES')).toEqual(contract.ROLES);
    expect(inlined.get('AUTHORING_LIMITS')).toEqual(contract.AUTHORING_LIMITS);
    expect(fromSource).toEqual(expect.arrayContaining(['loginBody', 'subscribeBody', 'issueMessages', 'envelope']));
  });

  it('is all the web app reads of a route: the fields its code uses are among those kept', () => {
    const used = new Set<string>();
    for (const file of filesUnder(WEB_SRC, (name) => /\.tsx?$/.test(name) && !name.endsWith('.test.ts'))) {
      const code = readFileSync(file, 'utf8');
      for (const match of code.matchAll(/\b[a-z]\w*Routes(?:\[[^\]]+\])?\.\w+\.(\w+)/g)) used.add(match[1]!);
      if (path.basename(file) === 'http.ts') for (const match of code.matchAll(/\bdef\.(\w+)/g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((field) => !(ROUTE_FIELDS_READ_BY_THE_BROWSER as readonly string[]).includes(field))).toEqual([]);
  });

  it('puts each route table in a module of its own, re-exported as it was, so a page carries only the tables its screens use', () => {
    const whole = browserContractModule(contract, SOURCE);
    const { main, tables } = splitRouteTables(whole);
    const names = Object.keys(contract).filter((name) => name.endsWith('Routes'));
    expect([...tables.keys()].sort()).toEqual(names.sort());
    for (const name of names) {
      expect(main).toContain(`export { ${name} } from ${JSON.stringify(`\0nibras-contract-for-browser/${name}`)};`);
      expect(tables.get(name)).toBe(`${whole.split('\n').find((line) => line.startsWith(`export const ${name} = `))}\n`);
    }
    expect(main).not.toMatch(/^export const \w+Routes = /m);
  });
});

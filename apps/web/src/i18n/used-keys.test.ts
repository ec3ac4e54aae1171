import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { filesUnder, WEB_SRC } from '../test-support/source-files';
import { PLURAL_FORMS } from '../test-support/plural-forms';
const en = JSON.parse(readFileSync(new URL('../../public/assets/i18n/translations/en.json', import.meta.url), 'utf8')) as Record<string, string>;
const keys = Object.keys(en);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether t()'s options pass `count`: yes or no for an object literal, unknown for anything else. */
function passesCount(options: ts.Expression | undefined): boolean | null {
  if (!options) return false;
  if (!ts.isObjectLiteralExpression(options)) return null;
  if (options.properties.some((p) => ts.isSpreadAssignment(p))) return null;
  return options.properties.some((p) => (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && p.name.getText() === 'count');
}

interface Use {
  key: string;
  pattern: RegExp | null;
  count: boolean | null;
  where: string;
}

/** Keys passed to t(): literals exactly, template literals as patterns (`auth.${mode}.title`). */
function usedKeys(file: string): Use[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const used: Use[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 't') {
      const [first, options] = node.arguments;
      const count = passesCount(options);
      const where = `${file.slice(WEB_SRC.length)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) used.push({ key: first.text, pattern: null, count, where });
      if (first && ts.isTemplateExpression(first)) {
        const parts = [first.head.text, ...first.templateSpans.map((span) => span.literal.text)];
        used.push({ key: first.getText(source), pattern: new RegExp(`^${parts.map(escapeRegExp).join('[\\w-]+')}$`), count, where });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return used;
}

/** A count key is stored only as its six forms (key_zero … key_other); i18next picks one from `count`. */
function isPluralKey(key: string): boolean {
  return `${key}_other` in en;
}

const used = filesUnder(WEB_SRC, (name) => /\.tsx?$/.test(name) && !name.includes('.test.')).flatMap(usedKeys);

describe('translation keys used by the code', () => {
  it('all exist in the translation files (a count key as its plural forms)', () => {
    expect(used.length).toBeGreaterThan(30);
    const exists = (key: string) => key in en || isPluralKey(key);
    const base = (k: string) => k.replace(/_(zero|one|two|few|many|other)$/, '');
    const missing = used.filter(({ key, pattern }) => (pattern ? !keys.some((k) => pattern.test(k) || pattern.test(base(k))) : !exists(key))).map((u) => u.key);
    expect(missing).toEqual([]);
  });

  it('pass count to a key exactly when it has all its plural forms', () => {
    const literal = used.filter((u) => !u.pattern && u.count !== null);
    expect(literal.filter((u) => u.count).length).toBeGreaterThan(20);
    const countWithoutForms = literal.filter((u) => u.count && !PLURAL_FORMS.every((form) => `${u.key}_${form}` in en)).map((u) => `${u.where} ${u.key}`);
    expect(countWithoutForms, 'count passed to a key without its six plural forms').toEqual([]);
    const formsWithoutCount = literal.filter((u) => !u.count && isPluralKey(u.key)).map((u) => `${u.where} ${u.key}`);
    expect(formsWithoutCount, 'a plural key called without count (i18next would show the key)').toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { filesUnder, WEB_SRC } from '../test-support/source-files';
const en = JSON.parse(readFileSync(new URL('../../public/assets/i18n/translations/en.json', import.meta.url), 'utf8')) as Record<string, string>;
const keys = Object.keys(en);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Keys passed to t(): literals exactly, template literals as patterns (`auth.${mode}.title`). */
function usedKeys(file: string): { key: string; pattern: RegExp | null }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const used: { key: string; pattern: RegExp | null }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 't') {
      const [first] = node.arguments;
      if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) used.push({ key: first.text, pattern: null });
      if (first && ts.isTemplateExpression(first)) {
        const parts = [first.head.text, ...first.templateSpans.map((span) => span.literal.text)];
        used.push({ key: first.getText(source), pattern: new RegExp(`^${parts.map(escapeRegExp).join('[\\w-]+')}$`) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return used;
}

describe('translation keys used by the code', () => {
  it('all exist in the translation files', () => {
    const used = filesUnder(WEB_SRC, (name) => /\.tsx?$/.test(name) && !name.includes('.test.')).flatMap(usedKeys);
    expect(used.length).toBeGreaterThan(30);
    const missing = used.filter(({ key, pattern }) => (pattern ? !keys.some((k) => pattern.test(k)) : !(key in en))).map((u) => u.key);
    expect(missing).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { filesUnder, WEB_SRC } from '../test-support/source-files';

/** Attributes whose text a user reads or hears. */
const USER_VISIBLE_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label', 'description', 'error']);
const LETTER = /\p{L}/u;

function isTextLiteral(node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
}

/** Hard-coded user-visible text in one .tsx source: JSX text, literal children, literal visible attributes. */
function findHardcodedStrings(source: string, fileName = 'inline.tsx'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.push(`${fileName}:${line + 1}: ${text.trim()}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && LETTER.test(node.text)) report(node, node.text);
    if (ts.isJsxExpression(node) && node.expression && isTextLiteral(node.expression) && LETTER.test(node.expression.text)) {
      const parent = node.parent;
      const isChild = ts.isJsxElement(parent) || ts.isJsxFragment(parent);
      const isVisibleAttribute = ts.isJsxAttribute(parent) && USER_VISIBLE_ATTRIBUTES.has(parent.name.getText(file));
      if (isChild || isVisibleAttribute) report(node, node.expression.text);
    }
    if (ts.isJsxAttribute(node) && USER_VISIBLE_ATTRIBUTES.has(node.name.getText(file)) && node.initializer && ts.isStringLiteral(node.initializer) && LETTER.test(node.initializer.text)) {
      report(node, `${node.name.getText(file)}="${node.initializer.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('no hard-coded user-visible strings', () => {
  it('the scanner catches text, literal children and visible attributes in either language', () => {
    expect(findHardcodedStrings('const a = <p>Hello</p>;')).toHaveLength(1);
    expect(findHardcodedStrings('const a = <p>مرحبا</p>;')).toHaveLength(1);
    expect(findHardcodedStrings("const a = <p>{'Hello'}</p>;")).toHaveLength(1);
    expect(findHardcodedStrings('const a = <input aria-label="Email" placeholder="you@x" />;')).toHaveLength(2);
    expect(findHardcodedStrings("const a = <Button title={'Save'} label={`Name`} />;")).toHaveLength(2);
    expect(findHardcodedStrings('const a = <img alt="Logo" />;')).toHaveLength(1);
  });

  it('the scanner lets translated text, punctuation and non-visible attributes through', () => {
    expect(findHardcodedStrings("const a = <p title={t('x')}>{t('y')} · {' '}</p>;")).toEqual([]);
    expect(findHardcodedStrings('const a = <div className="hero" data-testid="x" role="status" />;')).toEqual([]);
  });

  it('no .tsx file under src hard-codes a string a user reads', () => {
    const files = filesUnder(WEB_SRC, (name) => name.endsWith('.tsx'));
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((file) => findHardcodedStrings(readFileSync(file, 'utf8'), path.relative(WEB_SRC, file)));
    expect(found).toEqual([]);
  });
});

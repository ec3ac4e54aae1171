import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ChoiceSelect, choiceOptions, chosenValue } from './choice-select';

const SORTS = [
  { value: 'newest', label: 'Newest' },
  { value: 'price_asc', label: 'Price, lowest first' },
];

const LABEL = 'Sort by';

const render = (props: Partial<Parameters<typeof ChoiceSelect>[0]>) =>
  renderToStaticMarkup(
    <MantineProvider>
      <ChoiceSelect label={LABEL} options={SORTS} value={null} onChange={() => undefined} testId="sort" {...props} />
    </MantineProvider>,
  );

describe('ChoiceSelect', () => {
  it('is a native select named by its label, the chosen option selected, with no popover of its own', () => {
    const html = render({ value: 'price_asc' });
    const id = /<select[^>]*\bid="([^"]+)"/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toMatch(new RegExp(`<label[^>]*for="${id}"[^>]*>Sort by</label>`));
    expect(html).toMatch(/<select[^>]*data-testid="sort"/);
    expect([...html.matchAll(/<option value="([^"]*)"( selected="")?>([^<]*)<\/option>/g)].map((m) => [m[1], !!m[2], m[3]])).toEqual([
      ['newest', false, 'Newest'],
      ['price_asc', true, 'Price, lowest first'],
    ]);
    expect(html).not.toContain('role="listbox"');
  });

  it('a filter starts with its "any" option, chosen while nothing is, and choosing it clears the choice', () => {
    const html = render({ anyLabel: 'Any' });
    expect([...html.matchAll(/<option value="([^"]*)"( selected="")?>/g)].map((m) => [m[1], !!m[2]])).toEqual([
      ['', true],
      ['newest', false],
      ['price_asc', false],
    ]);
    expect(choiceOptions(SORTS, 'Any')[0]).toEqual({ value: '', label: 'Any' });
    expect(choiceOptions(SORTS)).toEqual(SORTS);
    expect(chosenValue('')).toBeNull();
    expect(chosenValue('price_asc')).toBe('price_asc');
  });
});

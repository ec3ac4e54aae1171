import { Select } from '@mantine/core';
import type { ComponentProps } from 'react';

interface ServerSearchSelectProps extends Omit<ComponentProps<typeof Select>, 'data' | 'value' | 'onChange' | 'searchable' | 'clearable' | 'filter' | 'onSearchChange' | 'nothingFoundMessage'> {
  /** Id -> label of what to offer: the chosen one, then what the server found for the current search. */
  options: Map<string, string>;
  /** The chosen id, or null for none. */
  value: string | null;
  /** The text typed to search with (not the chosen label, which the box shows once picked); '' once something is picked. */
  onSearch: (text: string) => void;
  /** The id picked and its label, or null and null when cleared. */
  onChange: (id: string | null, label: string | null) => void;
  nothingFound: string;
}

/**
 * A searchable choice whose options the server found (an instructor, a course): the browser does not filter them
 * again, since the server searched with the Arabic folding the browser does not know.
 */
export function ServerSearchSelect({ options, value, onSearch, onChange, nothingFound, ...props }: ServerSearchSelectProps) {
  return (
    <Select
      {...props}
      searchable
      clearable
      value={value}
      data={[...options].map(([id, label]) => ({ value: id, label }))}
      filter={({ options: all }) => all}
      onSearchChange={(text) => {
        // Mantine writes the chosen label into the box: that is no new search.
        if (text !== (value ? options.get(value) : undefined)) onSearch(text);
      }}
      onChange={(next, option) => {
        const id = next === null ? null : String(next);
        onSearch('');
        onChange(id, id !== null && option ? option.label : null);
      }}
      nothingFoundMessage={nothingFound}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

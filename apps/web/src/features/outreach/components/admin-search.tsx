import { Button, Group, Paper, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';

/** The search box over an admin list: sent on Enter or the button. */
export function AdminSearch({ label, submitLabel, formLabel, onSearch, testId }: { label: string; submitLabel: string; formLabel: string; onSearch: (text: string) => void; testId: string }) {
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value.trim());
  };
  return (
    <Paper withBorder radius="lg" p="md">
      <form onSubmit={submit} role="search" aria-label={formLabel}>
        <Group align="flex-end" gap="sm">
          <TextInput label={label} value={value} onChange={(event) => setValue(event.currentTarget.value)} dir="auto" maxLength={200} style={{ flex: '1 1 12rem' }} data-testid={testId} />
          <Button type="submit" variant="default">
            {submitLabel}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

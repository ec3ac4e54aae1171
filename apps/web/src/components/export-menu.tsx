import { Button, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../lib/http';
import { saveFile } from '../lib/save-file';

export type ExportFormat = 'csv' | 'xlsx';

/**
 * "Export" with its two formats (CSV for any tool, XLSX for Excel), for a list whose file route needs the bearer token:
 * `load` fetches the file through the app's HTTP client (lib/http's fetchFile), then it is saved as `name.format`.
 */
export function ExportMenu({ load, name, testId }: { load: (format: ExportFormat) => Promise<Blob>; name: string; testId?: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (format: ExportFormat) => {
    setBusy(true);
    setFailure(null);
    try {
      saveFile(await load(format), `${name}.${format}`);
    } catch (error) {
      setFailure(failureText(error, t('exportMenu.failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" loading={busy} leftSection={<IconDownload size={16} aria-hidden="true" />} rightSection={<IconChevronDown size={14} aria-hidden="true" />} data-testid={testId}>
            {t('exportMenu.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => void run('csv')} data-testid={testId ? `${testId}-csv` : undefined}>
            {t('exportMenu.csv')}
          </Menu.Item>
          <Menu.Item onClick={() => void run('xlsx')} data-testid={testId ? `${testId}-xlsx` : undefined}>
            {t('exportMenu.xlsx')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {failure ? (
        <Text size="sm" c="red.9" role="alert">
          {failure}
        </Text>
      ) : null}
    </>
  );
}

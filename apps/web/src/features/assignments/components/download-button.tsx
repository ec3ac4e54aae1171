import { Button, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../../lib/http';
import { saveFile } from '../../../lib/save-file';
import { downloadHandIn, type GraderRole } from '../api';

/** A hand-in's file through the app's HTTP client (the route needs the bearer token, so it cannot be a plain link). */
export function DownloadButton({ who, name }: { who: { role: 'participant'; assignmentId: number } | { role: GraderRole; submissionId: number }; name: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setFailure(null);
    try {
      saveFile(await downloadHandIn(who), name);
    } catch (error) {
      setFailure(failureText(error, t('assignments.file.downloadFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="sm" variant="light" loading={busy} onClick={() => void download()} leftSection={<IconDownload size={16} aria-hidden="true" />} data-testid="assignment-download">
        {t('assignments.file.download')}
      </Button>
      {failure ? (
        <Text size="sm" c="red.9" role="alert">
          {failure}
        </Text>
      ) : null}
    </>
  );
}

import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../../lib/http';
import { saveFile } from '../../../lib/save-file';
import { downloadOrderInvoice } from '../api';

/** The participant's download of a paid order's tax invoice, with its failure said beside it. */
export function OrderInvoiceButton({ orderId, number }: { orderId: number; number: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setFailure(null);
    try {
      saveFile(await downloadOrderInvoice(orderId), `nibras-invoice-${number}.pdf`);
    } catch (error) {
      setFailure(failureText(error, t('orders.invoiceFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="xs" variant="light" loading={busy} onClick={() => void download()} data-testid="order-invoice">
        {t('orders.invoice', { number })}
      </Button>
      {failure ? (
        <Text size="sm" c="red.9" role="alert">
          {failure}
        </Text>
      ) : null}
    </>
  );
}

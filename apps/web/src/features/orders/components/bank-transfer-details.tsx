import { ActionIcon, CopyButton, Group, List, Stack, Text, Tooltip } from '@mantine/core';
import type { PaymentInstructions } from '@nibras/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import '../orders.css';

type BankTransfer = Extract<PaymentInstructions, { provider: 'bank_transfer' }>;

const iconProps = { width: 18, height: 18, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const;
const CopyIcon = () => (
  <svg {...iconProps}>
    <rect x="8" y="8" width="12" height="12" rx="2" />
    <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
  </svg>
);
const CheckIcon = () => (
  <svg {...iconProps}>
    <path d="M5 12l5 5L20 7" />
  </svg>
);

/** A value to type into the bank's form, with a button that copies it (and says so). */
function Copyable({ label, value, shown = value, testId }: { label: string; value: string; shown?: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="payment-details__row">
      <dt>{label}</dt>
      <dd>
        <Group gap={6} wrap="nowrap" align="center">
          <bdi dir="ltr" className="payment-details__value" data-testid={testId} data-value={value}>
            {shown}
          </bdi>
          <CopyButton value={value} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('checkout.copied') : t('checkout.copy', { what: label })} withArrow>
                <ActionIcon variant="subtle" onClick={copy} aria-label={t('checkout.copy', { what: label })} data-testid={`${testId}-copy`} data-copied={copied || undefined}>
                  {copied ? <CheckIcon /> : <CopyIcon />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      </dd>
    </div>
  );
}

/** Where to send a bank transfer: the amount, the IBAN and the reference (each with a copy button), and what happens next. */
export default function BankTransferDetails({ payment }: { payment: BankTransfer }) {
  const { t, i18n } = useTranslation();
  const amount = formatMoney(payment.amountMinor, payment.currency, i18n.language);
  return (
    <Stack gap="xs" data-testid="bank-transfer">
      <dl className="payment-details">
        <div className="payment-details__row">
          <dt>{t('details.payment.amount')}</dt>
          <dd data-testid="payment-amount">{amount}</dd>
        </div>
        {payment.iban ? <Copyable label={t('checkout.iban')} value={payment.iban} shown={payment.iban.replace(/(.{4})(?=.)/g, '$1 ')} testId="payment-iban" /> : null}
        <Copyable label={t('details.payment.reference')} value={payment.reference} testId="payment-reference" />
        <div className="payment-details__row">
          <dt>{t('details.payment.bank')}</dt>
          <dd dir="auto" className="payment-details__bank">{payment.bankDetails}</dd>
        </div>
      </dl>
      <Text fw={700} size="sm">{t('checkout.next.title')}</Text>
      <List type="ordered" size="sm" spacing={4}>
        <List.Item>{t('checkout.next.transfer', { amount })}</List.Item>
        <List.Item>{t('checkout.next.reference')}</List.Item>
        <List.Item>{t('checkout.next.confirm')}</List.Item>
      </List>
    </Stack>
  );
}

import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '../api';
import { SUCCESS_GREEN } from '../../../config/colors';

const COLORS: Record<OrderStatus | 'free', string> = { pending: 'yellow.9', paid: SUCCESS_GREEN, cancelled: 'gray.7', refunded: 'grape.9', free: 'teal.9' };

/** An order's state; a free enrolment (recorded as paid, amount 0) says free, never paid. */
export function OrderStatusBadge({ status, amount }: { status: OrderStatus; amount: number }) {
  const { t } = useTranslation();
  const shown = status === 'paid' && amount === 0 ? 'free' : status;
  return (
    <Badge color={COLORS[shown]} variant="filled" autoContrast data-testid="order-status" data-status={shown}>
      {t(`orders.status.${shown}`)}
    </Badge>
  );
}

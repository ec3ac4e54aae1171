import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '../api';

const COLORS: Record<OrderStatus, string> = { pending: 'yellow.9', paid: 'green.9', cancelled: 'gray.7' };

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="filled" autoContrast data-testid="order-status" data-status={status}>
      {t(`orders.status.${status}`)}
    </Badge>
  );
}

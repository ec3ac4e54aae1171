import { Group, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Orders as a list of cards, the same on the participant's, the instructor's and the admin's screens:
 * each card has its details on the reading side and its status (and actions) on the other, wrapping
 * under them on a phone.
 */
export function OrderCards<T extends { id: number }>({
  label,
  orders,
  testId,
  details,
  aside,
}: {
  label: string;
  orders: T[];
  testId: string;
  details: (order: T) => ReactNode;
  aside: (order: T) => ReactNode;
}) {
  return (
    <ul className="plain-list" aria-label={label}>
      {orders.map((order) => (
        <li key={order.id}>
          <Paper withBorder radius="lg" p="md" data-testid={testId} data-order-id={order.id}>
            <Group justify="space-between" align="flex-start" gap="sm">
              <Stack gap={4} style={{ flex: '1 1 14rem', minInlineSize: 0 }}>
                {details(order)}
              </Stack>
              {aside(order)}
            </Group>
          </Paper>
        </li>
      ))}
    </ul>
  );
}

import { OrderCards } from '../components/order-cards';
import { Alert, Button, Group, Modal, Select, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../../lib/http';
import { cancelOrder, confirmOrder, orderKeys, orderQueries, refundOrder, type OrderStatus } from '../api';
import { usePageTitle } from '../../../components/use-page-title';
import { PagedList } from '../../../components/paged-list';
import { ListToolbar } from '../../../components/list-toolbar';
import { OrderStatusBadge } from '../components/order-status';
import { formatLongDate, formatMoney } from '../../../lib/format';

type StatusFilter = OrderStatus | 'all';
type Action = { kind: 'confirm' | 'cancel' | 'refund'; orderId: number; title: string; card?: boolean };

const ACT = { confirm: confirmOrder, cancel: cancelOrder, refund: refundOrder } as const;

/** Orders for the admin: bank transfers to confirm when the money arrived, or to cancel; paid orders to refund (docs/payments.md). */
export default function AdminOrdersPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StatusFilter>('pending');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [action, setAction] = useState<Action | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const list = useQuery({
    ...orderQueries.admin(page, { ...(status === 'all' ? {} : { status }), ...(search ? { search } : {}) }),
    placeholderData: keepPreviousData,
  });
  const act = useMutation({
    mutationFn: (target: Action) => ACT[target.kind](target.orderId),
    onSuccess: (response) => setResult({ ok: true, text: response.message }),
    onError: (error) => setResult({ ok: false, text: failureText(error, t('adminOrders.failed')) }),
    onSettled: async () => {
      setAction(null);
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
  usePageTitle(t('adminOrders.title'));

  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} className="shell-page__title">
        {t('adminOrders.title')}
      </Title>
      <ListToolbar
        texts="adminOrders"
        onSearch={(text) => { setPage(1); setSearch(text); }}
        before={
          <Select
            label={t('adminOrders.status')}
            value={status}
            allowDeselect={false}
            onChange={(value) => {
              setPage(1);
              setStatus((value ?? 'pending') as StatusFilter);
            }}
            data={(['pending', 'paid', 'cancelled', 'refunded', 'all'] as const).map((value) => ({
              value,
              label: value === 'all' ? t('adminOrders.all') : t(`orders.status.${value}`),
            }))}
            w={180}
            data-testid="admin-orders-status"
          />
        }
      />
      {result ? (
        <Alert color={result.ok ? 'green' : 'red'} aria-live="polite" data-testid="admin-orders-result" withCloseButton closeButtonLabel={t('adminOrders.dismiss')} onClose={() => setResult(null)}>
          {result.text}
        </Alert>
      ) : null}
      <PagedList list={list} texts="adminOrders" page={page} onPage={setPage}>
        {(items) => (
          <OrderCards
            label={t('adminOrders.title')}
            orders={items}
            testId="admin-order"
            details={(order) => (
              <>
                <Text fw={700} dir="auto" className="break-anywhere">
                  {order.course.title}
                </Text>
                <Text size="sm">
                  <bdi>{order.participant.name}</bdi> · <bdi className="break-anywhere">{order.participantEmail}</bdi>
                </Text>
                <Text size="sm" c="dimmed">
                  {t('orders.placed', { date: formatLongDate(order.createdAt, i18n.language) })} · {order.amountMinor === 0 ? t('orders.free') : formatMoney(order.amountMinor, order.currency, i18n.language)}
                </Text>
                <Text size="sm">
                  {t('orders.reference')} <bdi className="break-anywhere">{order.reference}</bdi>
                </Text>
              </>
            )}
            aside={(order) => (
              <>
                <Stack gap="xs" align="flex-end">
                  <OrderStatusBadge status={order.status} amount={order.amountMinor} />
                  {order.status === 'pending' ? (
                    <Group gap="xs">
                      <Button size="xs" onClick={() => setAction({ kind: 'confirm', orderId: order.id, title: order.course.title })}>
                        {t('adminOrders.confirm')}
                      </Button>
                      <Button size="xs" variant="outline" color="red.9" onClick={() => setAction({ kind: 'cancel', orderId: order.id, title: order.course.title })}>
                        {t('adminOrders.cancel')}
                      </Button>
                    </Group>
                  ) : null}
                  {order.status === 'paid' && order.amountMinor > 0 ? (
                    <Button
                      size="xs"
                      variant="outline"
                      color="red.9"
                      onClick={() => setAction({ kind: 'refund', orderId: order.id, title: order.course.title, card: order.provider === 'card' })}
                      data-testid="admin-order-refund"
                    >
                      {t('adminOrders.refund')}
                    </Button>
                  ) : null}
                </Stack>
              </>
            )}
          />
        )}
      </PagedList>
      <Modal
        opened={action !== null}
        onClose={() => setAction(null)}
        title={t(`adminOrders.${action?.kind ?? 'confirm'}Title`)}
        centered
        closeButtonProps={{ 'aria-label': t('adminOrders.back') }}
      >
        <Stack>
          <Text>{action ? t(action.kind === 'refund' ? (action.card ? 'adminOrders.refundCard' : 'adminOrders.refundBank') : `adminOrders.${action.kind}Text`, { title: action.title }) : ''}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAction(null)}>
              {t('adminOrders.back')}
            </Button>
            <Button color={action?.kind === 'confirm' ? undefined : 'red.9'} loading={act.isPending} onClick={() => action && act.mutate(action)} data-testid="admin-orders-do">
              {t(`adminOrders.${action?.kind ?? 'confirm'}Do`)}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

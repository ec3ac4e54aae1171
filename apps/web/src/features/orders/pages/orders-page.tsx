import { OrderCards } from '../components/order-cards';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { CourseListScreen } from '../../../components/course-list-screen';
import { OrderStatusBadge } from '../components/order-status';
import { orderQueries } from '../api';
import { formatLongDate, formatMoney } from '../../../lib/format';
import { OrderInvoiceButton } from '../../invoices/public';

export default function OrdersPage() {
  const { t, i18n } = useTranslation();
  return (
    <CourseListScreen texts="orders" query={orderQueries.participant} maw={960}>
      {(items, title) => (
        <OrderCards
          label={title}
          orders={items}
          testId="order"
          details={(order) => (
            <>
              <Anchor component={Link} to={paths.courseDetails(order.course.id)} fw={700} dir="auto" className="break-anywhere">
                {order.course.title}
              </Anchor>
              <Text size="sm" c="dimmed">
                {t('orders.placed', { date: formatLongDate(order.createdAt, i18n.language) })}
              </Text>
              <Text size="sm">
                {order.amountMinor === 0 ? t('orders.free') : formatMoney(order.amountMinor, order.currency, i18n.language)}
              </Text>
              {order.status === 'pending' && order.provider === 'bank_transfer' ? (
                <Text size="sm" data-testid="order-reference">
                  {t('orders.reference')} <bdi className="break-anywhere">{order.reference}</bdi>
                </Text>
              ) : null}
              {order.status === 'pending' ? (
                <Text size="sm" c="dimmed">
                  {t('orders.pendingHelp')}
                </Text>
              ) : null}
            </>
          )}
          aside={(order) => (
            <>
              <Stack gap="xs" align="flex-end">
                <OrderStatusBadge status={order.status} amount={order.amountMinor} />
                {order.status === 'paid' ? (
                  <Button component={Link} to={paths.learn(order.course.id)} size="xs" aria-label={t('orders.studyCourse', { title: order.course.title })}>
                    {t('orders.study')}
                  </Button>
                ) : null}
                {order.status === 'paid' && order.invoice ? <OrderInvoiceButton orderId={order.id} number={order.invoice.number} /> : null}
              </Stack>
            </>
          )}
        />
      )}
    </CourseListScreen>
  );
}

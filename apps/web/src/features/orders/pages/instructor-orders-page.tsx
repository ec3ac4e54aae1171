import { OrderCards } from '../components/order-cards';
import { Button, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../components/use-page-title';
import { PagedList } from '../../../components/paged-list';
import { OrderStatusBadge } from '../components/order-status';
import { orderQueries } from '../api';
import { formatLongDate, formatMoney } from '../../../lib/format';

/** Orders of the instructor's own courses (buyers by name only), newest first. */
export default function InstructorOrdersPage() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useQuery({ ...orderQueries.instructor(page), placeholderData: keepPreviousData });
  usePageTitle(t('instructorOrders.title'));
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} className="shell-page__title">
        {t('instructorOrders.title')}
      </Title>
      <Text c="dimmed">{t('instructorOrders.intro')}</Text>
      <PagedList
        list={list}
        texts="instructorOrders"
        page={page}
        onPage={setPage}
        emptyAction={
          <Button component={Link} to={paths.courses('instructor')} variant="default">
            {t('instructorOrders.toCourses')}
          </Button>
        }
      >
        {(items) => (
          <OrderCards
            label={t('instructorOrders.title')}
            orders={items}
            testId="instructor-order"
            details={(order) => (
              <>
                <Text fw={700} dir="auto" className="break-anywhere">
                  {order.course.title}
                </Text>
                <Text size="sm">
                  {t('instructorOrders.buyer')} <bdi>{order.participant.name}</bdi>
                </Text>
                <Text size="sm" c="dimmed">
                  {t('orders.placed', { date: formatLongDate(order.createdAt, i18n.language) })} ·{' '}
                  {order.amountMinor === 0 ? t('orders.free') : formatMoney(order.amountMinor, order.currency, i18n.language)}
                </Text>
              </>
            )}
            aside={(order) => (
              <>
                <OrderStatusBadge status={order.status} amount={order.amountMinor} />
              </>
            )}
          />
        )}
      </PagedList>
    </Stack>
  );
}

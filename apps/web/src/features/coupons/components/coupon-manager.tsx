import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ApiError, failureText } from '../../../lib/http';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { ListToolbar } from '../../../components/list-toolbar';
import { PagedList } from '../../../components/paged-list';
import { bodyOf, couponKeys, couponQueries, deleteCoupon, updateCoupon, type Coupon, type CouponRole } from '../api';
import { CouponForm } from './coupon-form';

/** A coupon's value as people say it: "15%" or an amount of money. */
export function couponValue(coupon: Coupon, language: string, t: TFunction): string {
  if (coupon.kind === 'fixed') return formatMoney(coupon.amountMinor ?? 0, coupon.currency, language);
  const percent = coupon.percent ?? 0;
  return t('coupons.percentValue', { value: formatNumber(percent, language, Number.isInteger(percent) ? 0 : 2) });
}

/** Shown at most, the rest counted. */
const NAMED_COURSES = 3;

function CouponCourses({ role, coupon }: { role: CouponRole; coupon: Coupon }) {
  const { t } = useTranslation();
  const named = coupon.courseIds.slice(0, NAMED_COURSES);
  const titles = useQueries({ queries: named.map((id) => couponQueries.courseTitle(role, id)) });
  if (coupon.courseIds.length === 0) return <Text size="sm">{t('coupons.allCourses')}</Text>;
  const more = coupon.courseIds.length - named.length;
  return (
    <Text size="sm" className="break-anywhere">
      {t('coupons.coursesLabel')}{' '}
      {named.map((id, i) => (
        <span key={id}>
          {i > 0 ? t('coupons.listSeparator') : null}
          <bdi>{titles[i]?.data ?? t('coupons.courseNumber', { id })}</bdi>
        </span>
      ))}
      {more > 0 ? ` ${t('coupons.moreCourses', { count: more })}` : null}
    </Text>
  );
}

function CouponDates({ coupon }: { coupon: Coupon }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatDate(iso, i18n.language);
  if (!coupon.startsAt && !coupon.endsAt) return <Text size="sm">{t('coupons.dates.always')}</Text>;
  if (coupon.startsAt && coupon.endsAt) return <Text size="sm">{t('coupons.dates.between', { start: date(coupon.startsAt), end: date(coupon.endsAt) })}</Text>;
  if (coupon.startsAt) return <Text size="sm">{t('coupons.dates.from', { start: date(coupon.startsAt) })}</Text>;
  return <Text size="sm">{t('coupons.dates.until', { end: date(coupon.endsAt ?? '') })}</Text>;
}

type Editing = { coupon: Coupon | null } | null;
type Removing = { coupon: Coupon; used: boolean; message?: string } | null;

/**
 * The coupons of a role: searched by code, paged, made and changed in a dialog, deleted after a
 * confirmation; a used coupon cannot be deleted and is offered deactivation instead (docs/payments.md).
 */
export function CouponManager({ role }: { role: CouponRole }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<Removing>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const list = useQuery({ ...couponQueries.list(role, page, search), placeholderData: keepPreviousData });
  const currency = list.data?.items[0]?.currency ?? null;
  // Deleting the last coupon of a later page: go back to the page before, not to an empty one.
  const emptiedPage = page > 1 && list.data !== undefined && !list.isPlaceholderData && list.data.items.length === 0;
  useEffect(() => {
    if (emptiedPage) setPage((current) => Math.max(1, current - 1));
  }, [emptiedPage]);
  const texts = role === 'admin' ? 'coupons' : 'coupons.mine';

  const refresh = () => queryClient.invalidateQueries({ queryKey: couponKeys.all });
  const remove = useMutation({
    mutationFn: (coupon: Coupon) => deleteCoupon(role, coupon.id),
    onSuccess: async (response) => {
      setRemoving(null);
      setResult({ ok: true, text: response.message });
      await refresh();
    },
    onError: (error, coupon) => {
      if (error instanceof ApiError && error.status === 409) setRemoving({ coupon, used: true, message: error.message });
      else {
        setRemoving(null);
        setResult({ ok: false, text: failureText(error, t('coupons.failed')) });
      }
    },
  });
  const deactivate = useMutation({
    mutationFn: (coupon: Coupon) => updateCoupon(role, coupon.id, bodyOf(coupon, { active: false })),
    onSuccess: () => setResult({ ok: true, text: t('coupons.deactivated') }),
    onError: (error) => setResult({ ok: false, text: failureText(error, t('coupons.failed')) }),
    onSettled: async () => {
      setRemoving(null);
      await refresh();
    },
  });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Text c="dimmed" style={{ flex: '1 1 16rem' }}>
          {role === 'admin' ? t('coupons.intro') : t('coupons.mine.intro')}
        </Text>
        <Button onClick={() => setEditing({ coupon: null })} data-testid="coupon-new">
          {t('coupons.new')}
        </Button>
      </Group>
      <ListToolbar
        texts="coupons"
        maxLength={100}
        searchTestId="coupon-search"
        onSearch={(text) => {
          setPage(1);
          setSearch(text);
        }}
      />
      {result ? (
        <Alert color={result.ok ? 'green' : 'red'} aria-live="polite" data-testid="coupon-result" withCloseButton closeButtonLabel={t('coupons.dismiss')} onClose={() => setResult(null)}>
          {result.text}
        </Alert>
      ) : null}
      <PagedList
        list={list}
        texts={search ? 'coupons.none' : texts}
        page={page}
        onPage={setPage}
        emptyAction={
          search ? null : (
            <Button variant="default" onClick={() => setEditing({ coupon: null })}>
              {t('coupons.new')}
            </Button>
          )
        }
      >
        {(items) => (
          <ul className="plain-list" aria-label={t('coupons.listLabel')}>
            {items.map((coupon) => (
              <li key={coupon.id}>
                <Paper withBorder radius="lg" p="md" data-testid="coupon-item" data-coupon-code={coupon.code}>
                  <Group justify="space-between" align="flex-start" gap="sm">
                    <Stack gap={4} style={{ flex: '1 1 14rem', minInlineSize: 0 }}>
                      <Group gap="xs">
                        <Text fw={700} dir="ltr" ff="monospace" className="break-anywhere">
                          {coupon.code}
                        </Text>
                        <Badge color={coupon.active ? 'green' : 'gray'} variant="light">
                          {coupon.active ? t('coupons.active') : t('coupons.inactive')}
                        </Badge>
                      </Group>
                      <Text size="sm">
                        <strong>{t(`coupons.kind.${coupon.kind}Off`, { value: couponValue(coupon, i18n.language, t) })}</strong>
                      </Text>
                      <CouponCourses role={role} coupon={coupon} />
                      <CouponDates coupon={coupon} />
                      <Text size="sm">
                        {coupon.totalLimit === null
                          ? t('coupons.uses.unlimited', { used: formatNumber(coupon.redeemed, i18n.language) })
                          : t('coupons.uses.limited', { used: formatNumber(coupon.redeemed, i18n.language), limit: formatNumber(coupon.totalLimit, i18n.language) })}
                        {' · '}
                        {t('coupons.perPerson', { count: coupon.perPersonLimit })}
                      </Text>
                      {role === 'admin' && coupon.createdBy ? (
                        <Text size="sm" c="dimmed">
                          {t(coupon.ownerRole === 'instructor' ? 'coupons.madeByInstructor' : 'coupons.madeBy')} <bdi>{coupon.createdBy.name}</bdi>
                        </Text>
                      ) : null}
                    </Stack>
                    <Group gap="xs">
                      <Button size="xs" variant="default" onClick={() => setEditing({ coupon })} aria-label={t('coupons.editOne', { code: coupon.code })} data-testid="coupon-edit">
                        {t('coupons.edit')}
                      </Button>
                      <Button size="xs" variant="outline" color="red.9" onClick={() => setRemoving({ coupon, used: false })} aria-label={t('coupons.deleteOne', { code: coupon.code })} data-testid="coupon-delete">
                        {t('coupons.delete')}
                      </Button>
                    </Group>
                  </Group>
                </Paper>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.coupon ? t('coupons.editTitle', { code: editing.coupon.code }) : t('coupons.newTitle')}
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': t('coupons.cancel') }}
      >
        {editing ? (
          <CouponForm
            key={editing.coupon?.id ?? 'new'}
            role={role}
            coupon={editing.coupon}
            currency={currency}
            onCancel={() => setEditing(null)}
            onDone={(message) => {
              setEditing(null);
              setResult({ ok: true, text: message });
            }}
          />
        ) : null}
      </Modal>
      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={removing?.used ? t('coupons.usedTitle') : t('coupons.deleteTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('coupons.back') }}
      >
        <Stack>
          {removing?.used ? (
            <Text role="alert" data-testid="coupon-used">
              {removing.message ?? t('coupons.usedText')} {removing.coupon.active ? t('coupons.usedOffer') : null}
            </Text>
          ) : (
            <Text>{removing ? t('coupons.deleteText', { code: removing.coupon.code }) : ''}</Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              {t('coupons.back')}
            </Button>
            {removing?.used ? (
              removing.coupon.active ? (
                <Button color="red.9" loading={deactivate.isPending} onClick={() => deactivate.mutate(removing.coupon)} data-testid="coupon-deactivate">
                  {t('coupons.deactivate')}
                </Button>
              ) : null
            ) : (
              <Button color="red.9" loading={remove.isPending} onClick={() => removing && remove.mutate(removing.coupon)} data-testid="coupon-delete-do">
                {t('coupons.deleteDo')}
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

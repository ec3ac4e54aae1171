import { Alert, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../../lib/http';
import { usePageTitle } from '../../../components/use-page-title';
import { couponQueries, saveCouponSettings } from '../api';
import { CouponManager } from '../components/coupon-manager';

/** The admin's switch: may instructors make coupons for their own courses (off by default). */
function InstructorSwitch() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery(couponQueries.settings('admin'));
  const key = couponQueries.settings('admin').queryKey;
  // The switch moves at once; it goes back if the server refuses.
  const save = useMutation({
    mutationFn: saveCouponSettings,
    onMutate: (instructorsMayCreate) => {
      const before = queryClient.getQueryData(key);
      queryClient.setQueryData(key, { instructorsMayCreate });
      return { before };
    },
    onSuccess: (result) => queryClient.setQueryData(key, result.data),
    onError: (_error, _value, context) => queryClient.setQueryData(key, context?.before),
  });
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="xs">
        <Switch
          label={t('coupons.settings.label')}
          description={t('coupons.settings.hint')}
          checked={settings.data?.instructorsMayCreate ?? false}
          disabled={!settings.data || save.isPending}
          onChange={(event) => save.mutate(event.currentTarget.checked)}
          data-testid="coupon-instructors-switch"
        />
        {settings.isError ? <Text c="red.9" size="sm">{t('coupons.settings.loadFailed')}</Text> : null}
        {save.isError ? (
          <Alert color="red" role="alert">
            {failureText(save.error, t('coupons.failed'))}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Every coupon of the site (docs/payments.md, "Coupons"), and whether instructors may make their own. */
export default function AdminCouponsPage() {
  const { t } = useTranslation();
  usePageTitle(t('coupons.title'));
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} className="shell-page__title">
        {t('coupons.title')}
      </Title>
      <InstructorSwitch />
      <CouponManager role="admin" />
    </Stack>
  );
}

import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { LoadingDots } from '../../../components/loading-dots';
import { usePageTitle } from '../../../components/use-page-title';
import { couponQueries } from '../api';
import { CouponManager } from '../components/coupon-manager';

/** An instructor's coupons for their own courses, when an admin allows it; otherwise why there are none. */
export default function InstructorCouponsPage() {
  const { t } = useTranslation();
  const settings = useQuery(couponQueries.settings('instructor'));
  usePageTitle(t('coupons.title'));
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} className="shell-page__title">
        {t('coupons.title')}
      </Title>
      {settings.isPending ? <LoadingDots /> : null}
      {settings.isError ? <EmptyState title={t('coupons.error.title')} description={t('coupons.error.text')} /> : null}
      {settings.data && !settings.data.instructorsMayCreate ? (
        <div data-testid="coupons-not-allowed">
          <EmptyState title={t('coupons.notAllowed.title')} description={t('coupons.notAllowed.text')} />
        </div>
      ) : null}
      {settings.data?.instructorsMayCreate ? <CouponManager role="instructor" /> : null}
    </Stack>
  );
}

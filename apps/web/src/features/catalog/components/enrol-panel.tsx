import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CourseDetails } from '@nibras/contract';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { failureText } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { loginWithReturn } from '../../../lib/return-to';
import { formatMoney } from '../../../lib/format';
import { FormOutcome } from '../../../components/form-outcome';
import { learningKeys } from '../../learning/public';
import { orderCourse, orderKeys } from '../../orders/public';
import { WishlistButton } from '../../wishlist/public';

/** Price, enrol and wishlist. Visitors are sent to sign in and brought back; instructors and admins see the price only. */
export function EnrolPanel({ course, onChange }: { course: CourseDetails; onChange: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const participant = useSession('participant');
  const instructor = useSession('instructor');
  const order = useMutation({
    mutationFn: () => orderCourse(course.id),
    onSuccess: () => {
      onChange();
      // The participant's courses, dashboard and orders now hold this course.
      void queryClient.invalidateQueries({ queryKey: learningKeys.all });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
  const memberOnly = !!instructor && !participant;
  const enrolled = course.viewer?.enrolled || order.data?.data.enrolled;
  const price = course.isFree ? t('catalog.price.free') : formatMoney(course.priceMinor, course.currency, i18n.language);

  const onEnrol = () => {
    if (!participant) {
      void navigate(loginWithReturn(paths.login('participant'), paths.courseDetails(course.id)));
      return;
    }
    if (!order.isPending) order.mutate();
  };
  // A pending order placed earlier (the details say so) shows the same instructions as a fresh one.
  const payment = order.data?.data.payment ?? course.viewer?.pendingPayment ?? null;

  return (
    <Stack gap="sm" data-testid="enrol-panel">
      <Text fz={28} fw={800} data-testid="details-price">{price}</Text>
      {memberOnly ? null : enrolled ? (
        <>
          <FormOutcome success={{ text: order.isSuccess ? order.data.message || t('details.enrol.done') : null, role: 'status', testId: 'enrol-success' }} />
          <Button component={Link} to={paths.learn(course.id)} size="md" data-testid="learn-link">
            {t(order.isSuccess ? 'details.enrol.start' : 'details.enrol.continue')}
          </Button>
        </>
      ) : payment ? (
        <Alert color="blue" role="status" title={t('details.payment.title')} data-testid="payment-instructions">
          <Text size="sm">{order.data?.message || t('details.payment.text')}</Text>
          <dl className="payment-details">
            <dt>{t('details.payment.amount')}</dt>
            <dd>{formatMoney(payment.amountMinor, payment.currency, i18n.language)}</dd>
            <dt>{t('details.payment.reference')}</dt>
            <dd dir="ltr" data-testid="payment-reference">{payment.reference}</dd>
            <dt>{t('details.payment.bank')}</dt>
            <dd dir="auto" className="payment-details__bank">{payment.bankDetails}</dd>
          </dl>
        </Alert>
      ) : (
        <>
          <Button size="md" onClick={onEnrol} loading={order.isPending} data-testid="enrol-button">
            {t(course.isFree ? 'details.enrol.free' : 'details.enrol.paid')}
          </Button>
          <FormOutcome failure={{ text: order.error ? failureText(order.error, t('auth.error.network')) : null, role: 'alert', testId: 'enrol-error' }} />
        </>
      )}
      {memberOnly ? null : <WishlistButton courseId={course.id} courseTitle={course.title} initial={course.viewer?.wishlisted ?? false} onChange={onChange} />}
    </Stack>
  );
}

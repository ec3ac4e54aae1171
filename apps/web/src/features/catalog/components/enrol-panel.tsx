import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Radio, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CourseDetails, PaymentMethod } from '@nibras/contract';
import { Link, useNavigate, useSearchParams } from 'react-router';
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

/** How often, and how many times, the page asks again while a card payment is being confirmed (the webhook may come later than the payer). */
const CONFIRM_EVERY_MS = 3000;
const CONFIRM_TRIES = 20;

type Returned = 'paid' | 'pending' | 'failed';

/** Back from the card gateway (docs/payments.md): `?payment=` on the course page. */
function useReturnedPayment(enrolled: boolean, refresh: () => void): Returned | null {
  const [params] = useSearchParams();
  const value = params.get('payment');
  const returned = value === 'paid' || value === 'pending' || value === 'failed' ? value : null;
  const again = useRef(refresh);
  again.current = refresh;
  // Still pending: the course is read again every few seconds until the gateway's word enrols the participant.
  useEffect(() => {
    if (returned !== 'pending' || enrolled) return;
    let tries = 0;
    const timer = window.setInterval(() => {
      tries += 1;
      again.current();
      if (tries >= CONFIRM_TRIES) window.clearInterval(timer);
    }, CONFIRM_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [returned, enrolled]);
  return returned;
}

/** Price, enrol and wishlist. Visitors are sent to sign in and brought back; instructors and admins see the price only. */
export function EnrolPanel({ course, onChange }: { course: CourseDetails; onChange: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const participant = useSession('participant');
  const instructor = useSession('instructor');
  const cardOffered = !course.isFree && course.paymentMethods.includes('card');
  const [method, setMethod] = useState<PaymentMethod>(cardOffered ? 'card' : 'bank_transfer');
  const order = useMutation({
    mutationFn: (chosen: PaymentMethod | undefined) => orderCourse(course.id, chosen),
    onSuccess: (answer) => {
      // A card is paid on the gateway's own page: the browser goes there, and comes back to this page.
      if (answer.data.payment?.provider === 'card') {
        window.location.assign(answer.data.payment.checkoutUrl);
        return;
      }
      onChange();
      // The participant's courses, dashboard and orders now hold this course.
      void queryClient.invalidateQueries({ queryKey: learningKeys.all });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
  const memberOnly = !!instructor && !participant;
  const enrolled = !!(course.viewer?.enrolled || order.data?.data.enrolled);
  const returned = useReturnedPayment(enrolled, onChange);
  const price = course.isFree ? t('catalog.price.free') : formatMoney(course.priceMinor, course.currency, i18n.language);
  const redirecting = order.isSuccess && order.data.data.payment?.provider === 'card';

  const onEnrol = () => {
    if (!participant) {
      void navigate(loginWithReturn(paths.login('participant'), paths.courseDetails(course.id)));
      return;
    }
    if (!order.isPending) order.mutate(course.isFree ? undefined : method);
  };
  // A pending order placed earlier (the details say so) shows the same instructions as a fresh one.
  const payment = (order.data?.data.payment?.provider === 'bank_transfer' ? order.data.data.payment : null) ?? course.viewer?.pendingPayment ?? null;
  const failure = <FormOutcome failure={{ text: order.error ? failureText(order.error, t('auth.error.network')) : null, role: 'alert', testId: 'enrol-error' }} />;

  return (
    <Stack gap="sm" data-testid="enrol-panel">
      <Text fz={28} fw={800} data-testid="details-price">{price}</Text>
      {returned && !memberOnly ? (
        <Alert
          color={returned === 'failed' ? 'red' : enrolled ? 'green' : 'blue'}
          role={returned === 'failed' ? 'alert' : 'status'}
          data-testid="payment-return"
          data-outcome={enrolled ? 'paid' : returned}
        >
          {t(enrolled ? 'details.return.paid' : returned === 'paid' ? 'details.return.pending' : `details.return.${returned}`)}
        </Alert>
      ) : null}
      {memberOnly ? null : enrolled ? (
        <>
          <FormOutcome success={{ text: order.isSuccess ? order.data.message || t('details.enrol.done') : null, role: 'status', testId: 'enrol-success' }} />
          <Button component={Link} to={paths.learn(course.id)} size="md" data-testid="learn-link">
            {t(order.isSuccess || returned ? 'details.enrol.start' : 'details.enrol.continue')}
          </Button>
        </>
      ) : redirecting ? (
        <Text role="status" size="sm" data-testid="card-redirecting">{t('details.card.redirecting')}</Text>
      ) : payment?.provider === 'card' ? (
        <Alert color="blue" role="status" title={t('details.card.pendingTitle')} data-testid="payment-instructions">
          <Text size="sm">{t('details.card.pendingText')}</Text>
          <Stack gap="xs" mt="sm">
            <Button component="a" href={payment.checkoutUrl} data-testid="card-continue">{t('details.card.continue')}</Button>
            <Button variant="subtle" onClick={() => order.mutate('bank_transfer')} loading={order.isPending} data-testid="switch-to-bank">
              {t('details.card.switchToBank')}
            </Button>
          </Stack>
          {failure}
        </Alert>
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
          {cardOffered ? (
            <Button variant="subtle" mt="xs" onClick={() => order.mutate('card')} loading={order.isPending} data-testid="switch-to-card">
              {t('details.card.switchToCard')}
            </Button>
          ) : null}
          {failure}
        </Alert>
      ) : (
        <>
          {cardOffered ? (
            <Radio.Group value={method} onChange={(value) => setMethod(value as PaymentMethod)} label={t('details.method.legend')} data-testid="payment-method">
              <Stack gap="xs" mt="xs">
                {course.paymentMethods.map((m) => (
                  <Radio key={m} value={m} label={t(`details.method.${m}`)} description={t(m === 'card' ? 'details.method.cardHint' : 'details.method.bankHint')} />
                ))}
              </Stack>
            </Radio.Group>
          ) : null}
          <Button size="md" onClick={onEnrol} loading={order.isPending} data-testid="enrol-button">
            {t(course.isFree ? 'details.enrol.free' : cardOffered && method === 'card' ? 'details.card.pay' : 'details.enrol.paid')}
          </Button>
          {failure}
        </>
      )}
      {memberOnly ? null : <WishlistButton courseId={course.id} courseTitle={course.title} initial={course.viewer?.wishlisted ?? false} onChange={onChange} />}
    </Stack>
  );
}

import { Suspense, useEffect, useRef, useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
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
import { BankTransferDetails, CheckoutDialog, orderCourse, orderKeys, type OrderAnswer } from '../../orders/public';
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

/** Whether the element is out of view (false until measured, so the page drawn by the server shows no bar). */
function useOutOfView(ref: React.RefObject<HTMLElement | null>) {
  const [out, setOut] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setOut(!entry!.isIntersecting));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return out;
}

/**
 * Price, enrol and wishlist. Visitors are sent to sign in and brought back; instructors and admins see the
 * price only. A paid course is ordered through the checkout's confirmation step; on a phone, the price and the
 * main button stay in a bar at the bottom once the panel's own button has scrolled away.
 */
export function EnrolPanel({ course, onChange }: { course: CourseDetails; onChange: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const participant = useSession('participant');
  const instructor = useSession('instructor');
  const cardOffered = !course.isFree && course.paymentMethods.includes('card');
  const [checkout, setCheckout] = useState(false);
  const [placed, setPlaced] = useState<{ answer: OrderAnswer; message: string } | null>(null);
  const actionRef = useRef<HTMLDivElement>(null);
  const actionHidden = useOutOfView(actionRef);
  const afterOrder = (answer: OrderAnswer, message: string) => {
    setPlaced({ answer, message });
    setCheckout(false);
    onChange();
    // The participant's courses, dashboard and orders now hold this course.
    void queryClient.invalidateQueries({ queryKey: learningKeys.all });
    void queryClient.invalidateQueries({ queryKey: orderKeys.all });
  };
  // A free course enrols at once; a pending order changes its way of paying.
  const order = useMutation({
    mutationFn: (chosen: PaymentMethod | undefined) => orderCourse(course.id, chosen),
    onSuccess: (answer) => {
      if (answer.data.payment?.provider === 'card') {
        window.location.assign(answer.data.payment.checkoutUrl);
        return;
      }
      afterOrder(answer.data, answer.message);
    },
  });
  const memberOnly = !!instructor && !participant;
  const enrolled = !!(course.viewer?.enrolled || order.data?.data.enrolled || placed?.answer.enrolled);
  const returned = useReturnedPayment(enrolled, onChange);
  const price = course.isFree ? t('catalog.price.free') : formatMoney(course.priceMinor, course.currency, i18n.language);
  const redirecting = order.isSuccess && order.data.data.payment?.provider === 'card';
  const successText = placed?.message ?? (order.isSuccess ? order.data.message : null);

  const onEnrol = () => {
    if (!participant) {
      void navigate(loginWithReturn(paths.login('participant'), paths.courseDetails(course.id)));
      return;
    }
    if (course.isFree) {
      if (!order.isPending) order.mutate(undefined);
      return;
    }
    setCheckout(true);
  };
  // A pending order placed earlier (the details say so) shows the same instructions as a fresh one.
  const payment = placed?.answer.payment ?? course.viewer?.pendingPayment ?? null;
  const failure = <FormOutcome failure={{ text: order.error ? failureText(order.error, t('auth.error.network')) : null, role: 'alert', testId: 'enrol-error' }} />;
  const mainButton = (testId: string) =>
    enrolled ? (
      <Button component={Link} to={paths.learn(course.id)} size="md" data-testid={testId === 'enrol-button' ? 'learn-link' : `${testId}-learn`}>
        {t(successText || returned ? 'details.enrol.start' : 'details.enrol.continue')}
      </Button>
    ) : payment ? null : (
      <Button size="md" onClick={onEnrol} loading={order.isPending} data-testid={testId}>
        {t(course.isFree ? 'details.enrol.free' : 'details.enrol.paid')}
      </Button>
    );

  return (
    <Stack gap="sm" data-testid="enrol-panel">
      <Text fz={28} fw={800} data-testid="details-price">{price}</Text>
      {returned && !memberOnly ? (
        <Alert
          color={returned === 'failed' && !enrolled ? 'red' : enrolled ? 'green' : 'blue'}
          role={returned === 'failed' && !enrolled ? 'alert' : 'status'}
          data-testid="payment-return"
          data-live-region
          data-outcome={enrolled ? 'paid' : returned}
        >
          {t(enrolled ? 'details.return.paid' : returned === 'paid' ? 'details.return.pending' : `details.return.${returned}`)}
        </Alert>
      ) : null}
      {memberOnly ? null : enrolled ? (
        <>
          <FormOutcome success={{ text: successText || (order.isSuccess ? t('details.enrol.done') : null), role: 'status', testId: 'enrol-success' }} />
          <div ref={actionRef}>{mainButton('enrol-button')}</div>
        </>
      ) : redirecting ? (
        <Text role="status" size="sm" data-testid="card-redirecting">{t('details.card.redirecting')}</Text>
      ) : payment?.provider === 'card' ? (
        <Alert color="blue" role="status" title={t('details.card.pendingTitle')} data-testid="payment-instructions" data-live-region>
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
        <Alert color="blue" role="status" title={t('details.payment.title')} data-testid="payment-instructions" data-live-region>
          <Text size="sm" mb="xs">{successText || t('details.payment.text')}</Text>
          <Suspense fallback={<Text size="sm" data-testid="payment-reference">{payment.reference}</Text>}>
            <BankTransferDetails payment={payment} />
          </Suspense>
          {cardOffered ? (
            <Button variant="subtle" mt="xs" onClick={() => order.mutate('card')} loading={order.isPending} data-testid="switch-to-card">
              {t('details.card.switchToCard')}
            </Button>
          ) : null}
          {failure}
        </Alert>
      ) : (
        <>
          <div ref={actionRef}>{mainButton('enrol-button')}</div>
          {failure}
        </>
      )}
      {memberOnly ? null : <WishlistButton courseId={course.id} courseTitle={course.title} initial={course.viewer?.wishlisted ?? false} onChange={onChange} />}
      {memberOnly || !actionHidden || (!enrolled && payment) ? null : (
        <div className="buy-bar" data-testid="buy-bar">
          <Text fw={800} fz="lg" className="buy-bar__price">{price}</Text>
          {mainButton('buy-bar-button')}
        </div>
      )}
      {checkout ? (
        <Suspense fallback={null}>
          <CheckoutDialog
            course={{ id: course.id, title: course.title, priceMinor: course.priceMinor, currency: course.currency, paymentMethods: course.paymentMethods }}
            opened={checkout}
            onClose={() => setCheckout(false)}
            onOrdered={afterOrder}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}

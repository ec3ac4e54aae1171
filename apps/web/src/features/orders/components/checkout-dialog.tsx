import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { PaymentMethod } from '@nibras/contract';
import { useTranslation } from 'react-i18next';
import { ApiError, failureText } from '../../../lib/http';
import { formatMoney } from '../../../lib/format';
import { FormOutcome } from '../../../components/form-outcome';
import { orderCourse, orderKeys, quoteCourse, type CheckoutQuote, type OrderAnswer } from '../api';
import '../orders.css';

export interface CheckoutCourse {
  id: number;
  title: string;
  priceMinor: number;
  currency: string;
  paymentMethods: readonly PaymentMethod[];
}

/**
 * The confirmation step before a paid course is ordered (docs/payments.md): the course, its price, a
 * coupon field, the VAT, the total and how to pay; nothing is ordered until the participant confirms.
 * A card order goes on to the gateway's own page; a bank transfer comes back with its instructions.
 */
export default function CheckoutDialog({ course, opened, onClose, onOrdered }: { course: CheckoutCourse; opened: boolean; onClose: () => void; onOrdered: (answer: OrderAnswer, message: string) => void }) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const money = (minor: number) => formatMoney(minor, course.currency, i18n.language);
  const cardOffered = course.paymentMethods.includes('card');
  const [method, setMethod] = useState<PaymentMethod>(cardOffered ? 'card' : 'bank_transfer');
  const [couponText, setCouponText] = useState('');
  const [couponError, setCouponError] = useState<string | null>(null);
  // The price without a coupon, then with the coupon applied (the server's figures: it counts in minor units).
  const plain = useQuery({ queryKey: [...orderKeys.all, 'quote', course.id], queryFn: async () => (await quoteCourse(course.id)).data, enabled: opened });
  const [withCoupon, setWithCoupon] = useState<CheckoutQuote | null>(null);
  const apply = useMutation({
    mutationFn: async (code: string) => (await quoteCourse(course.id, code)).data,
    onSuccess: (data) => {
      setWithCoupon(data);
      setCouponError(null);
    },
    onError: (error) => {
      setWithCoupon(null);
      setCouponError(error instanceof ApiError && error.fieldErrors.coupon ? error.fieldErrors.coupon : failureText(error, t('auth.error.network')));
    },
  });
  const quote = withCoupon ?? plain.data ?? null;
  const order = useMutation({
    mutationFn: () => orderCourse(course.id, quote && quote.totalMinor > 0 ? method : undefined, withCoupon?.coupon?.code),
    onSuccess: (answer) => {
      if (answer.data.payment?.provider === 'card') {
        window.location.assign(answer.data.payment.checkoutUrl);
        return;
      }
      onOrdered(answer.data, answer.message);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fieldErrors.coupon) {
        setWithCoupon(null);
        setCouponError(error.fieldErrors.coupon);
      }
    },
  });
  const redirecting = order.isSuccess && order.data.data.payment?.provider === 'card';
  const free = quote !== null && quote.totalMinor === 0;
  const applyCoupon = () => {
    const code = couponText.trim();
    if (!code) {
      setWithCoupon(null);
      setCouponError(null);
      return;
    }
    apply.mutate(code);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('checkout.title')} fullScreen={!!phone} centered closeButtonProps={{ 'aria-label': t('checkout.close') }} data-testid="checkout">
      <Stack gap="md">
        <Text fw={700} dir="auto" data-testid="checkout-course">{course.title}</Text>
        <TextInput
            label={t('checkout.coupon')}
            value={couponText}
            onChange={(event) => setCouponText(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                applyCoupon();
              }
            }}
            error={couponError}
            autoComplete="off"
            rightSectionWidth="auto"
            rightSectionPointerEvents="all"
            rightSection={
              <Button variant="subtle" size="compact-sm" me={4} onClick={applyCoupon} loading={apply.isPending} data-testid="checkout-apply">
                {t('checkout.apply')}
              </Button>
            }
            data-testid="checkout-coupon"
          />
        {quote ? (
          <dl className="checkout-lines" data-testid="checkout-lines" aria-live="polite">
            <div className="checkout-lines__row">
              <dt>{t('checkout.price')}</dt>
              <dd data-testid="checkout-price">{money(quote.listMinor)}</dd>
            </div>
            {quote.coupon ? (
              <div className="checkout-lines__row checkout-lines__row--discount">
                <dt>{t('checkout.discount', { code: quote.coupon.code })}</dt>
                <dd data-testid="checkout-discount">−{money(quote.discountMinor)}</dd>
              </div>
            ) : null}
            {quote.vatPercent > 0 ? (
              <div className="checkout-lines__row checkout-lines__row--vat">
                <dt>{t(quote.vatIncluded ? 'checkout.vatIncluded' : 'checkout.vatAdded', { rate: quote.vatPercent })}</dt>
                <dd data-testid="checkout-vat">{money(quote.vatMinor)}</dd>
              </div>
            ) : null}
            <div className="checkout-lines__row checkout-lines__row--total">
              <dt>{t('checkout.total')}</dt>
              <dd data-testid="checkout-total">{money(quote.totalMinor)}</dd>
            </div>
          </dl>
        ) : (
          <Text size="sm" c="dimmed" role="status">{plain.isError ? failureText(plain.error, t('auth.error.network')) : t('checkout.loading')}</Text>
        )}
        {cardOffered && !free ? (
          <Radio.Group value={method} onChange={(value) => setMethod(value as PaymentMethod)} label={t('details.method.legend')} data-testid="payment-method">
            <Stack gap="xs" mt="xs">
              {course.paymentMethods.map((m) => (
                <Radio key={m} value={m} label={t(`details.method.${m}`)} description={t(m === 'card' ? 'details.method.cardHint' : 'details.method.bankHint')} />
              ))}
            </Stack>
          </Radio.Group>
        ) : !free ? (
          <Text size="sm">{t('details.method.bankHint')}</Text>
        ) : null}
        <FormOutcome failure={{ text: order.error && !(order.error instanceof ApiError && order.error.fieldErrors.coupon) ? failureText(order.error, t('auth.error.network')) : null, role: 'alert', testId: 'checkout-error' }} />
        {redirecting ? (
          <Text role="status" size="sm" data-testid="card-redirecting">{t('details.card.redirecting')}</Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('checkout.back')}</Button>
          <Button onClick={() => order.mutate()} loading={order.isPending || redirecting} disabled={!quote} data-testid="checkout-confirm">
            {free
              ? t('details.enrol.free')
              : method === 'card' && cardOffered
                ? t('checkout.payCard', { amount: quote ? money(quote.totalMinor) : '' })
                : t('checkout.placeOrder', { amount: quote ? money(quote.totalMinor) : '' })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

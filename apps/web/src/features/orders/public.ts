// What other features may use of the orders feature.
import { lazy } from 'react';

export { orderCourse, orderKeys, type OrderAnswer } from './api';
export type { CheckoutCourse } from './components/checkout-dialog';

/** The checkout's confirmation step (coupon, VAT, total, method): loaded when a participant starts an order. */
export const CheckoutDialog = lazy(() => import('./components/checkout-dialog'));
/** A bank transfer's IBAN and reference with copy buttons, and what happens next: loaded for a participant with a pending transfer. */
export const BankTransferDetails = lazy(() => import('./components/bank-transfer-details'));

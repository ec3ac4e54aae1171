import { randomBytes } from 'node:crypto';
import { fromMinor } from '@nibras/contract';

/**
 * How a paid order gets paid (docs/payments.md). Two kinds of provider:
 * - bank transfer, always on: the participant is shown where to send the money and the order's
 *   reference; an admin confirms that it arrived;
 * - a card gateway (CardGateway), on when its settings are given: the participant pays on the gateway's
 *   own page (card, mada, Apple Pay, 3-D Secure: Nibras never sees a card), and the order is paid when the
 *   server has fetched the payment from the gateway and checked it.
 */
export interface PaymentProvider {
  readonly id: 'bank_transfer';
  /** What the participant needs to pay a pending order. */
  instructions(order: { reference: string; amountMinor: number; currency: string }): {
    provider: 'bank_transfer';
    reference: string;
    bankDetails: string;
    iban: string | null;
    amount: number;
    amountMinor: number;
    currency: string;
  };
}

export function bankTransferProvider(bank: { details: string; iban: string | null }): PaymentProvider {
  return {
    id: 'bank_transfer',
    instructions: (order) => ({
      provider: 'bank_transfer',
      reference: order.reference,
      bankDetails: bank.details,
      iban: bank.iban,
      amount: fromMinor(order.amountMinor, order.currency),
      amountMinor: order.amountMinor,
      currency: order.currency,
    }),
  };
}

/** A pending card order: the gateway's page to pay on. */
export function cardInstructions(order: { reference: string; amountMinor: number; currency: string; checkoutUrl: string }) {
  return {
    provider: 'card' as const,
    reference: order.reference,
    checkoutUrl: order.checkoutUrl,
    amount: fromMinor(order.amountMinor, order.currency),
    amountMinor: order.amountMinor,
    currency: order.currency,
  };
}

/** How the participant pays their pending order (the course page after a reload): its card checkout, or the bank transfer. */
export function pendingInstructions(bank: { details: string; iban: string | null }, order: { reference: string; amountMinor: number; currency: string; provider: string; checkoutUrl: string | null }) {
  if (order.provider === 'card' && order.checkoutUrl) return cardInstructions({ ...order, checkoutUrl: order.checkoutUrl });
  return bankTransferProvider(bank).instructions(order);
}

/** A payment as the gateway reports it: only what the checks need. */
export interface GatewayPayment {
  id: string;
  status: 'initiated' | 'paid' | 'failed' | 'refunded' | 'voided' | 'authorized' | 'captured';
  amountMinor: number;
  currency: string;
  refundedMinor: number;
  /** The hosted checkout (Moyasar: the invoice) it paid. */
  checkoutId: string | null;
  /** What Nibras attached when it created the checkout. */
  orderId: string | null;
  /** mada, visa, master…: mada payments can be refunded, never voided. */
  scheme: string | null;
}

export interface GatewayCheckout {
  id: string;
  status: string;
  amountMinor: number;
  currency: string;
  orderId: string | null;
  payments: GatewayPayment[];
}

/** A webhook whose secret matched: what it claims, to be checked against the gateway before anything changes. */
export interface GatewayEvent {
  id: string;
  type: string;
  paymentId: string;
}

/** The gateway could not be reached or answered with an error it should not have: the caller answers 503 or retries. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/** A card gateway of the region (decision 023: Moyasar first). Every call authenticates with the secret key, server to server. */
export interface CardGateway {
  readonly id: 'moyasar';
  /** A hosted checkout for an order: the participant is sent to `url`, then back to `returnUrl`. */
  createCheckout(order: { id: number; reference: string; amountMinor: number; currency: string; description: string; returnUrl: string; backUrl: string }): Promise<{ id: string; url: string }>;
  fetchCheckout(id: string): Promise<GatewayCheckout | null>;
  fetchPayment(id: string): Promise<GatewayPayment | null>;
  /** Refunds `amountMinor` of a paid payment (the whole of it by default). */
  refund(paymentId: string, amountMinor: number): Promise<GatewayPayment>;
  /** The webhook's claim when its secret matches, else null (a forged call). */
  verifyWebhook(body: unknown): GatewayEvent | null;
}

/** Short, unambiguous, quoted on the transfer: no 0/O or 1/I. */
export function newOrderReference(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(8);
  return `NB-${Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')}`;
}

import { randomBytes } from 'node:crypto';
import { fromMinor } from '@nibras/contract';

/**
 * How a paid order gets paid. The built-in provider is bank transfer confirmed by an admin,
 * a real workflow in the region; a card provider implements the same interface later.
 */
export interface PaymentProvider {
  readonly id: 'bank_transfer';
  /** What the participant needs to pay a pending order. */
  instructions(order: { reference: string; amountMinor: number; currency: string }): {
    provider: 'bank_transfer';
    reference: string;
    bankDetails: string;
    amount: number;
    amountMinor: number;
    currency: string;
  };
}

export function bankTransferProvider(bankDetails: string): PaymentProvider {
  return {
    id: 'bank_transfer',
    instructions: (order) => ({
      provider: 'bank_transfer',
      reference: order.reference,
      bankDetails,
      amount: fromMinor(order.amountMinor, order.currency),
      amountMinor: order.amountMinor,
      currency: order.currency,
    }),
  };
}

/** Short, unambiguous, quoted on the transfer: no 0/O or 1/I. */
export function newOrderReference(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(8);
  return `NB-${Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')}`;
}

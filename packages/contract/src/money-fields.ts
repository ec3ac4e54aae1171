import { z } from 'zod';

/** The contract's money fields (docs/payments.md); the helpers are in money.ts, which the browser imports without zod. */
export const minorUnits = z.number().int().min(0).describe('Integer minor units of the currency (halalas for SAR: 100 = 1 riyal)');

/** A site's currency: an ISO 4217 code. */
export const currencyCode = z.string().regex(/^[A-Z]{3}$/).describe('ISO 4217 currency code, the site currency (CURRENCY)');

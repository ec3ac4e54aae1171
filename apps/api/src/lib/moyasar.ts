import { timingSafeEqual } from 'node:crypto';
import { GatewayError, type CardGateway, type GatewayCheckout, type GatewayPayment } from './payments';

/**
 * Moyasar's REST API (docs/payments.md, decision 023): HTTP Basic with the secret key as the user name,
 * amounts in the smallest currency unit. Nibras uses its hosted invoices, so the card (mada, Visa,
 * Mastercard, Apple Pay, STC Pay) and 3-D Secure happen on Moyasar's page, never on ours.
 */
export interface MoyasarSettings {
  apiUrl: string;
  secretKey: string;
  webhookSecret: string;
  /** A call that takes longer fails as the gateway being unavailable. */
  timeoutMs?: number;
}

interface MoyasarPaymentJson {
  id: string;
  status: GatewayPayment['status'];
  amount: number;
  currency: string;
  refunded?: number;
  invoice_id?: string | null;
  metadata?: Record<string, string> | null;
  source?: { company?: string | null } | null;
}

interface MoyasarInvoiceJson {
  id: string;
  status: string;
  amount: number;
  currency: string;
  url: string;
  metadata?: Record<string, string> | null;
  payments?: MoyasarPaymentJson[];
}

function payment(p: MoyasarPaymentJson): GatewayPayment {
  return {
    id: String(p.id),
    status: p.status,
    amountMinor: Number(p.amount),
    currency: String(p.currency),
    refundedMinor: Number(p.refunded ?? 0),
    checkoutId: p.invoice_id ?? null,
    orderId: p.metadata?.order_id ?? null,
    scheme: p.source?.company ?? null,
  };
}

const sameSecret = (given: unknown, expected: string) => {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

export function moyasarGateway(settings: MoyasarSettings): CardGateway {
  const authorization = `Basic ${Buffer.from(`${settings.secretKey}:`).toString('base64')}`;
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T | null> => {
    let res: Response;
    try {
      res = await fetch(`${settings.apiUrl}${path}`, {
        method,
        headers: { authorization, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(settings.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new GatewayError(`Moyasar could not be reached: ${(error as Error).message}`, null);
    }
    const text = await res.text();
    if (res.status === 404 && method === 'GET') return null;
    if (!res.ok) throw new GatewayError(`Moyasar answered ${res.status} to ${method} ${path}: ${text.slice(0, 300)}`, res.status);
    return JSON.parse(text) as T;
  };
  const id = (value: string) => encodeURIComponent(value);
  return {
    id: 'moyasar',
    async createCheckout(order) {
      const invoice = await call<MoyasarInvoiceJson>('POST', '/invoices', {
        amount: order.amountMinor,
        currency: order.currency,
        description: order.description,
        success_url: order.returnUrl,
        back_url: order.backUrl,
        metadata: { order_id: String(order.id), reference: order.reference },
      });
      return { id: invoice!.id, url: invoice!.url };
    },
    async fetchCheckout(checkoutId): Promise<GatewayCheckout | null> {
      const invoice = await call<MoyasarInvoiceJson>('GET', `/invoices/${id(checkoutId)}`);
      if (!invoice) return null;
      return {
        id: invoice.id,
        status: invoice.status,
        amountMinor: Number(invoice.amount),
        currency: invoice.currency,
        orderId: invoice.metadata?.order_id ?? null,
        payments: (invoice.payments ?? []).map((p) => payment({ ...p, invoice_id: p.invoice_id ?? invoice.id })),
      };
    },
    async fetchPayment(paymentId) {
      const found = await call<MoyasarPaymentJson>('GET', `/payments/${id(paymentId)}`);
      return found && payment(found);
    },
    async refund(paymentId, amountMinor) {
      return payment((await call<MoyasarPaymentJson>('POST', `/payments/${id(paymentId)}/refund`, { amount: amountMinor }))!);
    },
    verifyWebhook(body) {
      if (!body || typeof body !== 'object') return null;
      const event = body as { id?: unknown; type?: unknown; secret_token?: unknown; data?: { id?: unknown } };
      if (!sameSecret(event.secret_token, settings.webhookSecret)) return null;
      if (typeof event.id !== 'string' || typeof event.type !== 'string' || typeof event.data?.id !== 'string') return null;
      return { id: event.id, type: event.type, paymentId: event.data.id };
    },
  };
}

import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../src/config';
import { apiSuite, type ApiSuite } from './harness';
import { started } from './running';

/**
 * A STAND-IN for Moyasar (https://moyasar.com), the card gateway Nibras uses (docs/payments.md,
 * docs/decisions/023). Moyasar cannot run on this machine, so the tests start this local server instead.
 * It implements the documented subset Nibras calls, written from Moyasar's public documentation
 * (docs.moyasar.com: "Create Invoice", "Fetch Invoice", "Fetch Payment", "Refund Payment", "Void
 * Payment", "Webhook Reference", "Authentication"), and nothing more:
 *
 * - the API under /v1 with HTTP Basic authentication, the secret key as the user name and no password
 *   (401 otherwise); amounts in the smallest currency unit (halalas), at least 100;
 * - POST /v1/invoices (amount, currency, description, callback_url, success_url, back_url, metadata):
 *   an invoice with `url`, the hosted page where the payer enters the card; GET /v1/invoices/:id with
 *   its `payments`;
 * - the hosted page (GET and POST /i/:id): the card form on the gateway's origin, then the 3-D Secure step
 *   (/3ds/:payment), then the payer is sent to `success_url` with `id` (the payment), `status` and
 *   `message`; a failed payment goes back to the invoice page with its message;
 * - GET /v1/payments/:id; POST /v1/payments/:id/refund (whole or partial, never more than was paid);
 *   POST /v1/payments/:id/void (refused for mada, which can only be refunded, and after capture);
 * - webhooks: an event `{ id, type, created_at, secret_token, live, data: payment }` for payment_paid,
 *   payment_failed and payment_refunded, POSTed to the configured endpoint with the webhook's secret
 *   token in the body (Moyasar signs nothing else). Here they are held until a test delivers them, so a
 *   test decides their timing, order and repetition.
 *
 * Test cards (as Moyasar's testing page lists the idea, not its numbers): any number passes the form;
 * 4000 0000 0000 0002 is declined by the issuer; numbers starting 4464 or 5888 are mada, 4 Visa, 5 Mastercard.
 */
export interface StandInPayment {
  id: string;
  status: 'initiated' | 'paid' | 'failed' | 'refunded' | 'voided';
  amount: number;
  fee: number;
  currency: string;
  refunded: number;
  refunded_at: string | null;
  captured: number;
  captured_at: string | null;
  voided_at: string | null;
  description: string;
  amount_format: string;
  invoice_id: string;
  ip: string | null;
  callback_url: string | null;
  created_at: string;
  updated_at: string;
  metadata: Record<string, string> | null;
  source: { type: 'creditcard'; company: 'mada' | 'visa' | 'master'; name: string; number: string; message: string | null; transaction_url: string | null };
}

export interface StandInInvoice {
  id: string;
  status: 'initiated' | 'paid' | 'failed' | 'refunded' | 'canceled' | 'expired';
  amount: number;
  currency: string;
  description: string;
  amount_format: string;
  url: string;
  callback_url: string | null;
  success_url: string | null;
  back_url: string | null;
  expired_at: string | null;
  created_at: string;
  updated_at: string;
  metadata: Record<string, string> | null;
  payment_ids: string[];
}

export interface StandInEvent {
  id: string;
  type: 'payment_paid' | 'payment_failed' | 'payment_refunded';
  created_at: string;
  secret_token: string;
  account_name: null;
  live: false;
  data: StandInPayment;
}

export interface MoyasarStandIn {
  /** The API's base, as MOYASAR_API_URL: http://127.0.0.1:port/v1 */
  apiUrl: string;
  origin: string;
  secretKey: string;
  webhookSecret: string;
  /** Where webhooks go (the app's /api/payments/moyasar/webhook); set once the app listens. */
  webhookUrl: string | undefined;
  invoices: Map<string, StandInInvoice>;
  payments: Map<string, StandInPayment>;
  /** Events made and not delivered yet, oldest first. */
  held: StandInEvent[];
  /** Every event made, delivered or not (for replays). */
  sent: StandInEvent[];
  /** API calls received, as "METHOD /path". */
  calls: string[];
  /** While set, every API call answers 503 (the gateway down). */
  down: boolean;
  /** POSTs one event (or any body) to the webhook as Moyasar would; resolves to the app's status. */
  deliver: (event: StandInEvent, body?: unknown) => Promise<number>;
  /** How a webhook reaches the app: a POST to `webhookUrl`, or a test's own (app.inject). */
  send: (body: unknown) => Promise<number>;
  /** Delivers the held events in order and empties the queue. */
  deliverHeld: () => Promise<number[]>;
  /**
   * A payer on the hosted page: fills the card form of `invoiceUrl`, passes (or fails) 3-D Secure, and
   * returns where the gateway sends the browser next (the success URL with its query, or the invoice page).
   */
  pay: (invoiceUrl: string, card?: { number?: string; name?: string }, opts?: { authenticate?: boolean }) => Promise<string>;
  close: () => Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};

const html = (res: ServerResponse, body: string) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Moyasar stand-in</title></head><body>${body}</body></html>`);
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseBody(req: IncomingMessage, text: string): Record<string, unknown> {
  if ((req.headers['content-type'] ?? '').includes('application/json')) return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  return Object.fromEntries(new URLSearchParams(text));
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function company(number: string): 'mada' | 'visa' | 'master' {
  if (/^(4464|5888)/.test(number)) return 'mada';
  return number.startsWith('5') ? 'master' : 'visa';
}

export async function startMoyasarStandIn(opts: { secretKey?: string; webhookSecret?: string } = {}): Promise<MoyasarStandIn> {
  const secretKey = opts.secretKey ?? `sk_test_${randomUUID().replaceAll('-', '')}`;
  const webhookSecret = opts.webhookSecret ?? `whsec-${randomUUID()}`;
  const invoices = new Map<string, StandInInvoice>();
  const payments = new Map<string, StandInPayment>();
  const now = () => new Date().toISOString();
  let origin = '';

  const authorised = (req: IncomingMessage) => {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return false;
    const [user] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
    const given = Buffer.from(user ?? '');
    const expected = Buffer.from(secretKey);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  const invoiceView = (invoice: StandInInvoice) => {
    const { payment_ids, ...rest } = invoice;
    return { ...rest, payments: payment_ids.map((id) => payments.get(id)!) };
  };

  const event = (type: StandInEvent['type'], payment: StandInPayment) => {
    const made: StandInEvent = { id: randomUUID(), type, created_at: now(), secret_token: webhookSecret, account_name: null, live: false, data: structuredClone(payment) };
    standIn.held.push(made);
    standIn.sent.push(made);
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      const body = req.method === 'POST' ? parseBody(req, await readBody(req)) : {};
      const parts = url.pathname.split('/').filter(Boolean);

      if (parts[0] === 'v1') {
        standIn.calls.push(`${req.method} ${url.pathname}`);
        if (standIn.down) return json(res, 503, { type: 'api_connection_error', message: 'Service Unavailable' });
        if (!authorised(req)) return json(res, 401, { type: 'authentication_error', message: 'Invalid authorization credentials', errors: null });
        if (req.method === 'POST' && parts[1] === 'invoices' && parts.length === 2) {
          const errors: Record<string, string[]> = {};
          const amount = Number(body.amount);
          if (!Number.isInteger(amount) || amount < 100) errors.amount = ['must be an integer of at least 100'];
          const currency = String(body.currency ?? 'SAR');
          if (!/^[A-Z]{3}$/.test(currency)) errors.currency = ['is not a valid currency'];
          if (!body.description) errors.description = ["can't be blank"];
          if (Object.keys(errors).length) return json(res, 400, { type: 'invalid_request_error', message: 'Validation Failed', errors });
          const id = randomUUID();
          const invoice: StandInInvoice = {
            id,
            status: 'initiated',
            amount,
            currency,
            description: String(body.description),
            amount_format: `${(amount / 100).toFixed(2)} ${currency}`,
            url: `${origin}/i/${id}`,
            callback_url: (body.callback_url as string | undefined) ?? null,
            success_url: (body.success_url as string | undefined) ?? null,
            back_url: (body.back_url as string | undefined) ?? null,
            expired_at: (body.expired_at as string | undefined) ?? null,
            created_at: now(),
            updated_at: now(),
            metadata: (body.metadata as Record<string, string> | undefined) ?? null,
            payment_ids: [],
          };
          invoices.set(id, invoice);
          return json(res, 201, invoiceView(invoice));
        }
        if (req.method === 'GET' && parts[1] === 'invoices' && parts[2]) {
          const invoice = invoices.get(parts[2]);
          return invoice ? json(res, 200, invoiceView(invoice)) : json(res, 404, { type: 'record_not_found', message: 'Object not found' });
        }
        const payment = parts[1] === 'payments' && parts[2] ? payments.get(parts[2]) : undefined;
        if (parts[1] === 'payments' && !payment) return json(res, 404, { type: 'record_not_found', message: 'Object not found' });
        if (req.method === 'GET' && payment && parts.length === 3) return json(res, 200, payment);
        if (req.method === 'POST' && payment && parts[3] === 'refund') {
          const amount = body.amount === undefined ? payment.amount - payment.refunded : Number(body.amount);
          if (payment.status !== 'paid' && payment.status !== 'refunded') return json(res, 400, { type: 'invalid_request_error', message: `Payment is ${payment.status}, it cannot be refunded`, errors: null });
          if (!Number.isInteger(amount) || amount <= 0 || payment.refunded + amount > payment.amount) {
            return json(res, 400, { type: 'invalid_request_error', message: 'Refund amount exceeds the refundable amount', errors: null });
          }
          payment.refunded += amount;
          payment.refunded_at = now();
          payment.updated_at = now();
          if (payment.refunded === payment.amount) {
            payment.status = 'refunded';
            invoices.get(payment.invoice_id)!.status = 'refunded';
          }
          event('payment_refunded', payment);
          return json(res, 200, payment);
        }
        if (req.method === 'POST' && payment && parts[3] === 'void') {
          if (payment.source.company === 'mada') return json(res, 400, { type: 'invalid_request_error', message: 'mada payments cannot be voided, refund them instead', errors: null });
          if (payment.status === 'paid') return json(res, 400, { type: 'invalid_request_error', message: 'A captured payment cannot be voided, refund it instead', errors: null });
          return json(res, 400, { type: 'invalid_request_error', message: `Payment is ${payment.status}`, errors: null });
        }
        return json(res, 404, { type: 'record_not_found', message: 'Not found' });
      }

      // The hosted invoice page: the card is typed here, on the gateway's origin, never on Nibras's.
      if (parts[0] === 'i' && parts[1]) {
        const invoice = invoices.get(parts[1]);
        if (!invoice) return json(res, 404, { message: 'Invoice not found' });
        if (req.method === 'GET') {
          const failed = url.searchParams.get('message');
          return html(
            res,
            `<h1>Pay ${escape(invoice.amount_format)}</h1><p>${escape(invoice.description)}</p>${failed ? `<p role="alert">${escape(failed)}</p>` : ''}
            <form method="post"><label>Name on card <input name="name" autocomplete="cc-name" required></label>
            <label>Card number <input name="number" autocomplete="cc-number" inputmode="numeric" required></label>
            <label>Month <input name="month" value="12"></label><label>Year <input name="year" value="2030"></label>
            <label>CVC <input name="cvc" value="123"></label><button type="submit">Pay</button></form>
            ${invoice.back_url ? `<a href="${escape(invoice.back_url)}">Back</a>` : ''}`,
          );
        }
        if (invoice.status === 'paid') return json(res, 400, { message: 'Invoice already paid' });
        const number = String(body.number ?? '').replace(/\D/g, '');
        const id = randomUUID();
        const payment: StandInPayment = {
          id,
          status: 'initiated',
          amount: invoice.amount,
          fee: 0,
          currency: invoice.currency,
          refunded: 0,
          refunded_at: null,
          captured: 0,
          captured_at: null,
          voided_at: null,
          description: invoice.description,
          amount_format: invoice.amount_format,
          invoice_id: invoice.id,
          ip: req.socket.remoteAddress ?? null,
          callback_url: invoice.success_url,
          created_at: now(),
          updated_at: now(),
          metadata: invoice.metadata,
          source: {
            type: 'creditcard',
            company: company(number),
            name: String(body.name ?? ''),
            number: `${number.slice(0, 6)}${'X'.repeat(Math.max(0, number.length - 10))}${number.slice(-4)}`,
            message: null,
            transaction_url: `${origin}/3ds/${id}`,
          },
        };
        payments.set(id, payment);
        invoice.payment_ids.push(id);
        res.writeHead(303, { location: `/3ds/${id}?card=${number === '4000000000000002' ? 'declined' : 'ok'}` });
        return res.end();
      }

      // The issuer's 3-D Secure step.
      if (parts[0] === '3ds' && parts[1]) {
        const payment = payments.get(parts[1]);
        if (!payment || payment.status !== 'initiated') return json(res, 404, { message: 'No payment waiting for authentication' });
        if (req.method === 'GET') {
          return html(res, `<h1>3-D Secure</h1><form method="post"><input type="hidden" name="card" value="${escape(url.searchParams.get('card') ?? 'ok')}">
            <button name="result" value="authenticate">Authenticate</button><button name="result" value="fail">Fail authentication</button></form>`);
        }
        const invoice = invoices.get(payment.invoice_id)!;
        payment.updated_at = now();
        if (body.result === 'authenticate' && body.card !== 'declined') {
          payment.status = 'paid';
          payment.captured = payment.amount;
          payment.captured_at = now();
          payment.source.message = 'APPROVED';
          invoice.status = 'paid';
          invoice.updated_at = now();
          event('payment_paid', payment);
          const next = new URL(invoice.success_url ?? `${origin}/done`);
          next.searchParams.set('id', payment.id);
          next.searchParams.set('status', 'paid');
          next.searchParams.set('message', 'APPROVED');
          res.writeHead(303, { location: next.href });
          return res.end();
        }
        payment.status = 'failed';
        payment.source.message = body.card === 'declined' ? 'DECLINED: Insufficient Funds' : '3-D Secure transaction attempt failed (Authentication Failed)';
        event('payment_failed', payment);
        res.writeHead(303, { location: `/i/${invoice.id}?message=${encodeURIComponent(payment.source.message)}` });
        return res.end();
      }
      json(res, 404, { message: 'Not found' });
    })().catch((error: unknown) => json(res, 500, { message: String(error) }));
  });

  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
  origin = `http://127.0.0.1:${port}`;
  const close = () => {
    forget();
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  const forget = started('the Moyasar stand-in', close);

  const standIn: MoyasarStandIn = {
    apiUrl: `${origin}/v1`,
    origin,
    secretKey,
    webhookSecret,
    webhookUrl: undefined,
    invoices,
    payments,
    held: [],
    sent: [],
    calls: [],
    down: false,
    async send(body) {
      if (!standIn.webhookUrl) throw new Error('the stand-in has no webhook URL');
      const res = await fetch(standIn.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      await res.arrayBuffer();
      return res.status;
    },
    deliver: (event, body = event) => standIn.send(body),
    async deliverHeld() {
      const statuses: number[] = [];
      while (standIn.held.length) statuses.push(await standIn.deliver(standIn.held.shift()!));
      return statuses;
    },
    async pay(invoiceUrl, card = {}, { authenticate = true } = {}) {
      const form = new URLSearchParams({ name: card.name ?? 'Test Payer', number: card.number ?? '4111111111111111', month: '12', year: '2030', cvc: '123' });
      const submitted = await fetch(invoiceUrl, { method: 'POST', body: form, redirect: 'manual' });
      const threeDs = new URL(submitted.headers.get('location')!, origin);
      const step = await fetch(threeDs, { method: 'POST', body: new URLSearchParams({ result: authenticate ? 'authenticate' : 'fail', card: threeDs.searchParams.get('card') ?? 'ok' }), redirect: 'manual' });
      return new URL(step.headers.get('location')!, origin).href;
    },
    close,
  };
  return standIn;
}

/**
 * An API test file's app with card payments on, against a stand-in started before the app (and closed after
 * it): the gateway's webhooks reach the app through app.inject. `more` adds settings (publicUrl is
 * https://nibras.test, where the gateway's success URLs point).
 */
export function apiSuiteWithGateway(more: Partial<Config> = {}): { suite: ApiSuite; readonly gateway: MoyasarStandIn } {
  let gateway: MoyasarStandIn | undefined;
  beforeAll(async () => {
    gateway = await startMoyasarStandIn();
  });
  afterAll(() => gateway?.close());
  const suite = apiSuite({
    config: () => ({
      publicUrl: 'https://nibras.test',
      ...more,
      cardGateway: { provider: 'moyasar', apiUrl: gateway!.apiUrl, secretKey: gateway!.secretKey, webhookSecret: gateway!.webhookSecret },
    }),
  });
  beforeAll(() => {
    gateway!.send = async (body) => (await suite.post('/api/payments/moyasar/webhook', body as object)).statusCode;
  });
  return {
    suite,
    get gateway() {
      if (!gateway) throw new Error('the stand-in starts in beforeAll: use it inside hooks and tests');
      return gateway;
    },
  };
}

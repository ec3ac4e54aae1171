import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { signedIn, testConfig, testDatabase } from '../../../test/harness';
import { createCourse, enrollParticipant } from '../../../test/factories';
import { apiSuiteWithGateway } from '../../../test/moyasar-stand-in';
import { pdfText } from '../../../test/pdf-text';
import { decodeTlv, readPdfQr } from '../../../test/pdf-qr';
import { enrollments, invoiceCounter, invoices, orders, users } from '../../db/schema';
import { loadConfig, type InvoiceSettings } from '../../config';
import { markPaidAndEnrol } from '../orders/orders.queries';

// Tax invoices (issue 28, point 5; docs/payments.md, "Invoices").
const SELLER: InvoiceSettings = { sellerName: 'Nibras Test Seller — بائع نبراس', sellerVatNumber: '310122393500003', vatBasisPoints: 1500, pricesIncludeVat: true };

const withGateway = apiSuiteWithGateway({ invoices: SELLER });
const { suite } = withGateway;
const { get, post } = suite;
let admin: Record<string, string>;
beforeAll(async () => {
  admin = (await signedIn(suite.app, 'admin')).auth;
});

type Headers = Record<string, string>;
const orderBy = (auth: Headers, courseId: number, method?: 'card') => post('/api/participant/enrollcourse/order', { course_id: courseId, ...(method ? { method } : {}) }, auth);

async function invoiceOf(orderId: number) {
  const { db } = await testDatabase();
  return db.select().from(invoices).where(eq(invoices.orderId, orderId));
}

/** A participant's bank-transfer order of a new course at `price`, confirmed by the admin. */
async function paidByTransfer(price = 49.5, who?: { auth: Headers; user: { id: number; name: string; email: string } }) {
  const buyer = who ?? (await signedIn(suite.app, 'participant'));
  const course = await createCourse({ price, title: `دورة الفواتير ${Math.random().toString(36).slice(2, 7)}` });
  const order = (await orderBy(buyer.auth, course.id)).json().data.order as { id: number; reference: string };
  expect((await post('/api/admin/order/confirm', { order_id: order.id }, admin)).statusCode).toBe(200);
  return { ...buyer, course, order };
}

/**
 * Every invoice number in the database is 1..n, none missing, none twice, and the counter's next is n + 1: read in
 * one statement (one snapshot), so payments committing meanwhile in other test files cannot make it flaky.
 */
async function expectNoGaps() {
  const { db } = await testDatabase();
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      distinct: sql<number>`count(distinct ${invoices.number})::int`,
      max: sql<number>`coalesce(max(${invoices.number}), 0)::int`,
      next: sql<number>`(select ${invoiceCounter.next} from ${invoiceCounter})`,
    })
    .from(invoices);
  expect(row).toEqual({ n: row!.max, distinct: row!.max, max: row!.max, next: row!.max + 1 });
}

describe('issuing invoices', () => {
  it('an admin-confirmed bank transfer gets one invoice: the settings, the VAT apart, net + VAT = total; the order list names it', async () => {
    const { auth, user, course, order } = await paidByTransfer(49.5);
    const [invoice, ...more] = await invoiceOf(order.id);
    expect(more).toEqual([]);
    // 49.50 including 15 %: VAT = round(4950 × 15 / 115) = 646, net 4304.
    expect(invoice).toMatchObject({
      sellerName: SELLER.sellerName,
      sellerVatNumber: SELLER.sellerVatNumber,
      vatBasisPoints: 1500,
      totalMinor: 4950,
      vatMinor: 646,
      netMinor: 4304,
      currency: 'SAR',
      buyerName: user.name,
      buyerEmail: user.email,
      courseTitle: course.title,
    });
    expect(invoice!.netMinor + invoice!.vatMinor).toBe(invoice!.totalMinor);
    const list = (await get('/api/participant/enrollcourse/order/list', auth)).json().data.items;
    expect(list).toEqual([expect.objectContaining({ id: order.id, status: 'paid', invoice: { number: `INV-${String(invoice!.number).padStart(6, '0')}` } })]);
    // Confirming again is refused and issues nothing more.
    expect((await post('/api/admin/order/confirm', { order_id: order.id }, admin)).statusCode).toBe(409);
    expect(await invoiceOf(order.id)).toHaveLength(1);
    await expectNoGaps();
  });

  it('a card order paid on the gateway gets one invoice, once, when the return and the webhook both arrive', async () => {
    const { auth } = await signedIn(suite.app, 'participant');
    const course = await createCourse({ price: 120 });
    const data = (await orderBy(auth, course.id, 'card')).json().data;
    const successUrl = await withGateway.gateway.pay(data.payment.checkoutUrl, { number: '4111111111111111' });
    const url = new URL(successUrl);
    await Promise.all([get(`${url.pathname}${url.search}`), withGateway.gateway.deliverHeld()]);
    const found = await invoiceOf(data.order.id);
    expect(found).toHaveLength(1);
    // 120.00 including 15 %: VAT 15.65, net 104.35.
    expect(found[0]).toMatchObject({ totalMinor: 12000, vatMinor: 1565, netMinor: 10435 });
    await expectNoGaps();
  });

  it('a free order and a pending one have none', async () => {
    const { auth } = await signedIn(suite.app, 'participant');
    const free = await createCourse({ price: 0 });
    const freeOrder = (await orderBy(auth, free.id)).json().data.order;
    const paid = await createCourse({ price: 10 });
    const pending = (await orderBy(auth, paid.id)).json().data.order;
    expect(await invoiceOf(freeOrder.id)).toEqual([]);
    expect(await invoiceOf(pending.id)).toEqual([]);
    const items = (await get('/api/participant/enrollcourse/order/list', auth)).json().data.items;
    expect(items.map((o: { invoice: unknown }) => o.invoice)).toEqual([null, null]);
    expect((await get(`/api/participant/order/${freeOrder.id}/invoice/pdf`, auth)).statusCode).toBe(404);
    expect((await get(`/api/participant/order/${pending.id}/invoice/pdf`, auth)).statusCode).toBe(404);
  });

  it('30 orders confirmed at the same moment get 30 consecutive numbers, none twice; a payment that fails takes no number', async () => {
    const course = await createCourse({ price: 19.99 });
    const pending = await Promise.all(Array.from({ length: 30 }, () => enrollParticipant(course.id, { amount: 19.99, status: 'pending', enroll: false })));
    const answers = await Promise.all(pending.map(({ order }) => post('/api/admin/order/confirm', { order_id: order.id }, admin)));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const { db } = await testDatabase();
    const ids = pending.map(({ order }) => order.id);
    const numbers = (await db.select({ n: invoices.number }).from(invoices).where(inArray(invoices.orderId, ids))).map((r) => r.n).sort((a, b) => a - b);
    expect(numbers).toHaveLength(30);
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
    await expectNoGaps();

    // A payment whose transaction fails after taking its number (the invoice cannot be written): all of it
    // rolls back, the order stays pending, nobody is enrolled, and the number is taken by the next payment.
    const failing = await enrollParticipant(course.id, { amount: 19.99, status: 'pending', enroll: false });
    const broken = { ...SELLER, sellerVatNumber: null as unknown as string };
    await expect(markPaidAndEnrol(db, { id: failing.order.id, participantId: failing.participant.id, courseId: course.id }, { confirmedBy: 1 }, broken)).rejects.toThrow();
    expect((await db.select().from(orders).where(eq(orders.id, failing.order.id)))[0]!.status).toBe('pending');
    expect(await db.select().from(enrollments).where(eq(enrollments.orderId, failing.order.id))).toEqual([]);
    expect(await invoiceOf(failing.order.id)).toEqual([]);
    await expectNoGaps();
    expect((await post('/api/admin/order/confirm', { order_id: failing.order.id }, admin)).statusCode).toBe(200);
    expect(await invoiceOf(failing.order.id)).toHaveLength(1);
    await expectNoGaps();
  });
});

describe('the invoice PDF', () => {
  it('is bilingual, names the seller, VAT number, invoice number, buyer and amounts, and its QR code decodes to the five ZATCA fields', async () => {
    const { auth, order } = await paidByTransfer(49.5);
    const [invoice] = await invoiceOf(order.id);
    const number = `INV-${String(invoice!.number).padStart(6, '0')}`;
    const res = await get(`/api/participant/order/${order.id}/invoice/pdf`, auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="nibras-invoice-${number}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = res.rawPayload;
    const [page] = await pdfText(pdf);
    const text = page!.items.join('\n');
    for (const expected of ['Simplified Tax Invoice', 'فاتورة ضريبية مبسطة', SELLER.sellerVatNumber, number, '43.04 SAR', '6.46 SAR', '49.50 SAR', 'VAT (15%)']) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('Nibras Test Seller');
    expect(text).toContain('بائع نبراس');

    const qr = await readPdfQr(pdf);
    expect(qr).not.toBeNull();
    expect(decodeTlv(qr!)).toEqual({
      1: SELLER.sellerName,
      2: SELLER.sellerVatNumber,
      3: invoice!.issuedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      4: '49.50',
      5: '6.46',
    });
  });

  it("is the participant's own: another participant gets 404, an instructor 403, nobody signed in 401; the admin gets it by id", async () => {
    const { order } = await paidByTransfer(30);
    const [invoice] = await invoiceOf(order.id);
    const other = await signedIn(suite.app, 'participant');
    const instructor = await signedIn(suite.app, 'instructor');
    expect((await get(`/api/participant/order/${order.id}/invoice/pdf`, other.auth)).statusCode).toBe(404);
    expect((await get(`/api/participant/order/${order.id}/invoice/pdf`, instructor.auth)).statusCode).toBe(403);
    expect((await get(`/api/participant/order/${order.id}/invoice/pdf`)).statusCode).toBe(401);
    expect((await get(`/api/participant/order/abc/invoice/pdf`, other.auth)).statusCode).toBe(400);
    expect((await get(`/api/admin/invoice/${invoice!.id}/pdf`, instructor.auth)).statusCode).toBe(403);
    const byAdmin = await get(`/api/admin/invoice/${invoice!.id}/pdf`, admin);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get('/api/admin/invoice/2147483647/pdf', admin)).statusCode).toBe(404);
  });

  it('keeps what it said when issued: a later change of the buyer or the settings does not rewrite it', async () => {
    const { user, order } = await paidByTransfer(25);
    const { db } = await testDatabase();
    await db.update(users).set({ name: 'Renamed Later' }).where(eq(users.id, user.id));
    const [invoice] = await invoiceOf(order.id);
    expect(invoice!.buyerName).toBe(user.name);
    const listed = (await get(`/api/admin/invoice/list?search=${encodeURIComponent(user.email)}`, admin)).json().data.items;
    expect(listed).toEqual([expect.objectContaining({ buyer: { name: user.name, email: user.email } })]);
  });
});

describe("the admin's invoices", () => {
  it('lists them newest first, searchable by number or buyer, paginated; other roles are refused', async () => {
    const first = await paidByTransfer(10);
    const second = await paidByTransfer(20);
    const [a] = await invoiceOf(first.order.id);
    const [b] = await invoiceOf(second.order.id);
    const page = (await get('/api/admin/invoice/list?page=1&perPage=2', admin)).json().data;
    expect(page.perPage).toBe(2);
    expect(page.items[0].sequence).toBeGreaterThan(page.items[1].sequence);
    expect(page.total).toBeGreaterThanOrEqual(2);
    const byNumber = (await get(`/api/admin/invoice/list?search=INV-${String(b!.number).padStart(6, '0')}`, admin)).json().data;
    expect(byNumber.items.map((i: { id: number }) => i.id)).toEqual([b!.id]);
    expect((await get(`/api/admin/invoice/list?search=${b!.number}`, admin)).json().data.items.map((i: { id: number }) => i.id)).toContain(b!.id);
    const byBuyer = (await get(`/api/admin/invoice/list?search=${encodeURIComponent(first.user.email.toUpperCase())}`, admin)).json().data;
    expect(byBuyer.items).toEqual([
      expect.objectContaining({ id: a!.id, number: `INV-${String(a!.number).padStart(6, '0')}`, orderId: first.order.id, netMinor: 870, vatMinor: 130, totalMinor: 1000, vatRate: 15, net: 8.7, vat: 1.3, total: 10, currency: 'SAR' }),
    ]);
    const participant = await signedIn(suite.app, 'participant');
    expect((await get('/api/admin/invoice/list', participant.auth)).statusCode).toBe(403);
    expect((await get('/api/admin/invoice/export', participant.auth)).statusCode).toBe(403);
    // Bad input is a 400 naming the field, never a 500.
    const bad = await get('/api/admin/invoice/list?page=0&perPage=500&extra=1', { ...admin, 'accept-language': 'en' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['page', 'perPage']));
    expect((await get(`/api/admin/invoice/list?search=${'x'.repeat(201)}`, admin)).statusCode).toBe(400);
  });

  it('exports them as CSV: a header in the reader\'s language, number order, exact decimals, the search applied', async () => {
    const { user, course, order } = await paidByTransfer(49.5);
    const [invoice] = await invoiceOf(order.id);
    const res = await get(`/api/admin/invoice/export?search=${encodeURIComponent(user.email)}`, { ...admin, 'accept-language': 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="nibras-invoices.csv"');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFInvoice number,Date,Buyer,Email,Course,Net,VAT,Total,Currency');
    expect(lines.slice(1)).toEqual([
      `INV-${String(invoice!.number).padStart(6, '0')},${invoice!.issuedAt.toISOString()},${user.name},${user.email},${course.title},43.04,6.46,49.50,SAR`,
      '',
    ]);
    const arabic = await get('/api/admin/invoice/export?search=nobody-matches-this', admin);
    expect(arabic.body).toBe('\uFEFFرقم الفاتورة,التاريخ,المشتري,البريد الإلكتروني,الدورة,المبلغ قبل الضريبة,ضريبة القيمة المضافة,الإجمالي,العملة\r\n');
    // The whole export: every invoice once, in number order (read in batches).
    const all = (await get('/api/admin/invoice/export', admin)).body.split('\r\n').slice(1, -1).map((l) => Number(l.slice(4, 10)));
    expect(all).toEqual(all.map((_, i) => i + 1));
  });
});

describe('invoice settings', () => {
  it('are read from the environment: the VAT rate in basis points, a Saudi VAT number checked', () => {
    expect(testConfig().invoices).toEqual({ sellerName: 'Nibras Academy — أكاديمية نبراس', sellerVatNumber: '300000000000003', vatBasisPoints: 1500, pricesIncludeVat: true });
    expect(loadConfig({ VAT_RATE_PERCENT: '5.25', SELLER_VAT_NUMBER: '399999999900003', PRICES_INCLUDE_VAT: 'false' }).invoices).toMatchObject({ vatBasisPoints: 525, sellerVatNumber: '399999999900003', pricesIncludeVat: false });
    expect(() => loadConfig({ SELLER_VAT_NUMBER: '30000000000000A' })).toThrow(/SELLER_VAT_NUMBER/);
    expect(() => loadConfig({ SELLER_VAT_NUMBER: '12345' })).toThrow(/SELLER_VAT_NUMBER/);
    expect(() => loadConfig({ VAT_RATE_PERCENT: '15.125' })).toThrow(/VAT_RATE_PERCENT/);
    expect(() => loadConfig({ VAT_RATE_PERCENT: '-1' })).toThrow(/VAT_RATE_PERCENT/);
    expect(() => loadConfig({ SELLER_NAME: 'ن'.repeat(200) })).toThrow(/SELLER_NAME/);
  });
});

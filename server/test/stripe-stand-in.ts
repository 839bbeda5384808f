/**
 * A stand-in of Stripe's API on a local port, for the tests and the end-to-end run: never the internet. It answers
 * what the academy asks of Stripe (creating and expiring a Checkout Session, creating a refund) with the fields the
 * `stripe` package and the academy read, records every request, and plays the customer: its hosted page for a
 * session (`/pay/<sessionId>`) has a Pay button that sends the academy a signed checkout.session.completed and goes
 * on to the session's success_url, and a Cancel link to its cancel_url.
 *
 * Standalone: `node --import tsx server/test/stripe-stand-in.ts <port>` (GET /health answers once it listens), with
 * ACADEMY_URL (where the academy answers, default
 * http://127.0.0.1:3000) and STRIPE_WEBHOOK_SECRET (default STAND_IN_WEBHOOK_SECRET). The academy then runs with
 * STRIPE_SECRET_KEY (any value, e.g. STAND_IN_SECRET_KEY), the same STRIPE_WEBHOOK_SECRET, and
 * STRIPE_API_URL=http://127.0.0.1:<port>.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import Stripe from 'stripe';

export const STAND_IN_SECRET_KEY = 'sk_test_stand_in';
export const STAND_IN_WEBHOOK_SECRET = 'whsec_stand_in_secret';

export interface RecordedRequest {
  method: string;
  path: string;
  /** The form body, unflattened: `line_items[0][quantity]` becomes `{ line_items: [{ quantity: '1' }] }`. */
  body: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
}

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  customer_email: string | null;
  currency: string | null;
  amount_total: number;
  line_items: Array<{ quantity: string; price_data: { currency: string; unit_amount: string } }>;
  created: number;
}

/** `a[b][0][c]=1` pairs as nested objects and arrays, the way Stripe reads its form bodies. */
function unflatten(form: URLSearchParams): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of form) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const container = node as Record<string, unknown>;
      if (last) container[part] = value;
      else {
        container[part] ??= /^\d+$/.test(parts[i + 1]) ? [] : {};
        node = container[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface StripeStandIn {
  /** http://127.0.0.1:<port>: the academy's STRIPE_API_URL. */
  url: string;
  port: number;
  requests: RecordedRequest[];
  sessions: Map<string, StandInSession>;
  /** Refunds are refused (402 card_error) while this is true. */
  refuseRefunds: boolean;
  /** Checkout Sessions are refused (500 api_error) while this is true. */
  refuseSessions: boolean;
  /** A signed webhook delivery of an event about a session, as Stripe would send it. */
  event(
    sessionId: string,
    type: 'checkout.session.completed' | 'checkout.session.expired' | 'checkout.session.async_payment_succeeded',
    options?: { paid?: boolean; eventId?: string; secret?: string },
  ): { payload: string; signature: string; eventId: string };
  close(): Promise<void>;
}

export async function startStripeStandIn(
  options: { port?: number; webhookSecret?: string; academyUrl?: string } = {},
): Promise<StripeStandIn> {
  const webhookSecret = options.webhookSecret ?? STAND_IN_WEBHOOK_SECRET;
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, StandInSession>();
  let base = '';

  const standIn: StripeStandIn = {
    url: '',
    port: 0,
    requests,
    sessions,
    refuseRefunds: false,
    refuseSessions: false,
    event(sessionId, type, eventOptions = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`No session ${sessionId}`);
      const paid = eventOptions.paid ?? type !== 'checkout.session.expired';
      if (paid) {
        session.payment_status = 'paid';
        session.status = 'complete';
        session.payment_intent ??= newId('pi');
      } else if (type === 'checkout.session.expired') session.status = 'expired';
      const eventId = eventOptions.eventId ?? newId('evt');
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: '2025-01-27',
        created: Math.floor(Date.now() / 1000),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: { ...session, line_items: undefined } },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: eventOptions.secret ?? webhookSecret,
      });
      return { payload, signature, eventId };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    res.end(JSON.stringify(body));
  };
  const stripeError = (res: http.ServerResponse, status: number, type: string, message: string) =>
    json(res, status, { error: { type, message } });

  async function payAndGo(res: http.ServerResponse, session: StandInSession) {
    const { payload, signature } = standIn.event(session.id, 'checkout.session.completed');
    const academy = options.academyUrl ?? process.env.ACADEMY_URL ?? 'http://127.0.0.1:3000';
    const delivered = await fetch(`${academy}/api/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    }).catch((error: unknown) => ({ ok: false, status: String(error) }));
    if (!delivered.ok) {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`The academy refused the webhook: ${delivered.status}`);
      return;
    }
    res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
    res.end();
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0];
      const body = unflatten(new URLSearchParams(raw));
      requests.push({ method: req.method ?? '', path, body, headers: req.headers });
      void route(req.method ?? '', path, body, res).catch((error: unknown) => {
        res.writeHead(500);
        res.end(String(error));
      });
    });
  });

  async function route(method: string, path: string, body: Record<string, unknown>, res: http.ServerResponse) {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (standIn.refuseSessions) return stripeError(res, 500, 'api_error', 'The stand-in refuses sessions');
      const lineItems = (body.line_items ?? []) as StandInSession['line_items'];
      const id = newId('cs');
      const session: StandInSession = {
        id,
        object: 'checkout.session',
        url: `${base}/pay/${id}`,
        mode: String(body.mode),
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
        client_reference_id: (body.client_reference_id as string | undefined) ?? null,
        metadata: (body.metadata ?? {}) as Record<string, string>,
        success_url: String(body.success_url),
        cancel_url: String(body.cancel_url),
        customer_email: (body.customer_email as string | undefined) ?? null,
        currency: lineItems[0]?.price_data.currency ?? null,
        amount_total: lineItems.reduce((sum, l) => sum + Number(l.price_data.unit_amount) * Number(l.quantity), 0),
        line_items: lineItems,
        created: Math.floor(Date.now() / 1000),
      };
      sessions.set(id, session);
      return json(res, 200, { ...session, line_items: undefined });
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && expire) {
      const session = sessions.get(expire[1]);
      if (!session || session.status !== 'open')
        return stripeError(res, 400, 'invalid_request_error', 'No open session');
      session.status = 'expired';
      return json(res, 200, { ...session, line_items: undefined });
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = String(body.payment_intent ?? '');
      const paid = [...sessions.values()].find((s) => s.payment_intent === intent);
      if (standIn.refuseRefunds || !paid)
        return stripeError(res, 402, 'card_error', 'The stand-in refuses this refund');
      return json(res, 200, {
        id: newId('re'),
        object: 'refund',
        amount: paid.amount_total,
        currency: paid.currency,
        payment_intent: intent,
        status: 'succeeded',
        created: Math.floor(Date.now() / 1000),
      });
    }
    if (method === 'GET' && path === '/health') return json(res, 200, { ok: true });
    const pay = /^\/pay\/([^/]+)$/.exec(path);
    const session = pay ? sessions.get(pay[1]) : undefined;
    if (pay && !session) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('No such session');
    }
    if (method === 'GET' && session) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      const amount = (session.amount_total / 100).toFixed(2);
      return res.end(`<!doctype html><html><head><title>Stripe stand-in checkout</title></head><body>
<h1>Pay ${escapeHtml(amount)} ${escapeHtml((session.currency ?? '').toUpperCase())}</h1>
<form method="post" action="/pay/${escapeHtml(session.id)}"><button type="submit">Pay</button></form>
<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p></body></html>`);
    }
    if (method === 'POST' && session) return payAndGo(res, session);
    stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  standIn.url = base;
  standIn.port = port;
  return standIn;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const port = Number(process.argv[2] ?? 12111);
  const standIn = await startStripeStandIn({ port, webhookSecret: process.env.STRIPE_WEBHOOK_SECRET || undefined });
  process.stdout.write(`Stripe stand-in listening on ${standIn.url}\n`);
}

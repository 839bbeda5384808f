import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENROLLMENT_MESSAGES } from '../../../common/rules';
import { messageReply } from '../../../common/schemas/auth';
import {
  cartChangedReply,
  cartCountReply,
  cartItemBody,
  cartItemUpdateBody,
  cartReply,
  checkoutReply,
  enrollmentActionParams,
  enrollmentChangedReply,
  enrollmentsExportQuery,
  enrollmentsPage,
  enrollmentsQuery,
  familyEnrollmentsReply,
} from '../../../common/schemas/enrollments';
import type { AppContext } from '../../context';
import { actorOf } from '../../policies/actor';
import { actOnEnrollment, enrollmentsCsv, familyEnrollments, listEnrollments } from './admin';
import { addToCart, cartCount, chooseStudent, readCart, removeFromCart } from './cart';
import { checkout } from './checkout';
import { handleStripeWebhook } from './webhook';

/** Any string: a malformed id names no item, and is answered 404 like another family's item. */
const itemParam = z.object({ id: z.string() });

/** The cart, checkout, the family's enrollments, Stripe's webhook, and the admin's enrollments. */
export function enrollmentRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const family = { access: ['parent', 'student'], refusal: ENROLLMENT_MESSAGES.onlyFamilies } as const;
    const admin = { access: ['admin'] } as const;

    r.get('/cart', { config: family, schema: { response: { 200: cartReply } } }, (req) => readCart(ctx, req.user!));
    // Every page's top bar asks; staff are answered 0 rather than refused.
    r.get('/cart/count', { config: { access: 'signedIn' }, schema: { response: { 200: cartCountReply } } }, (req) =>
      cartCount(ctx, req.user!),
    );
    r.post(
      '/cart/items',
      { config: family, schema: { body: cartItemBody, response: { 201: cartChangedReply } } },
      async (req, reply) => reply.code(201).send(await addToCart(ctx, req.user!, req.body)),
    );
    r.patch(
      '/cart/items/:id',
      { config: family, schema: { params: itemParam, body: cartItemUpdateBody, response: { 200: cartChangedReply } } },
      (req) => chooseStudent(ctx, req.user!, req.params.id, req.body),
    );
    r.delete(
      '/cart/items/:id',
      { config: family, schema: { params: itemParam, response: { 200: cartChangedReply } } },
      (req) => removeFromCart(ctx, req.user!, req.params.id),
    );
    r.post('/cart/checkout', { config: family, schema: { response: { 200: checkoutReply } } }, (req) =>
      checkout(ctx, req.user!),
    );

    r.get('/enrollments', { config: family, schema: { response: { 200: familyEnrollmentsReply } } }, (req) =>
      familyEnrollments(ctx, actorOf(req.user!)),
    );

    // Stripe signs the exact bytes it sends: this route alone reads its body raw (the parser is scoped to it).
    await app.register(async (scope) => {
      scope.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
        (_req, body, done) => done(null, body),
      );
      scope
        .withTypeProvider<ZodTypeProvider>()
        .post(
          '/payments/stripe/webhook',
          { config: { access: 'public' }, schema: { response: { 200: messageReply } } },
          async (req) => {
            await handleStripeWebhook(ctx, (req.body as Buffer | undefined) ?? '', req.headers['stripe-signature']);
            return { message: 'Received' };
          },
        );
    });

    r.get(
      '/admin/desk/enrollments',
      { config: admin, schema: { querystring: enrollmentsQuery, response: { 200: enrollmentsPage } } },
      (req) => listEnrollments(ctx.db, req.query),
    );
    r.get(
      '/admin/desk/enrollments/export',
      { config: admin, schema: { querystring: enrollmentsExportQuery } },
      async (req, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="enrollments-${ctx.now().toISOString().slice(0, 10)}.csv"`,
          )
          .header('cache-control', 'no-store')
          .send(await enrollmentsCsv(ctx.db, req.query)),
    );
    r.post(
      '/admin/desk/enrollments/:id/:action',
      { config: admin, schema: { params: enrollmentActionParams, response: { 200: enrollmentChangedReply } } },
      (req) => actOnEnrollment(ctx, req.params.id, req.params.action),
    );
  };
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageReply } from '../../../common/schemas/auth';
import { BOOKING_THANKS, SUBSCRIBE_THANKS, bookingBody, subscriptionBody } from '../../../common/schemas/public';
import { DESK_MESSAGES } from '../../../common/rules';
import { unsubscribeBody } from '../../../common/schemas/desk';
import type { AppContext } from '../../context';
import { createBooking, subscribe, unsubscribeByToken } from './service';

/**
 * The public site's two forms, the landing page's booking request and the footer's subscribe box, and the
 * unsubscribe link of the subscription's confirmation e-mail.
 */
export function publicRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const everyone = { access: 'public' } as const;

    r.post(
      '/bookings',
      { config: everyone, schema: { body: bookingBody, response: { 201: messageReply } } },
      async (req, reply) => {
        await createBooking(ctx, req.body, req.ip);
        return reply.code(201).send({ message: BOOKING_THANKS });
      },
    );

    r.post(
      '/subscriptions',
      { config: everyone, schema: { body: subscriptionBody, response: { 201: messageReply } } },
      async (req, reply) => {
        await subscribe(ctx, req.body, req.ip);
        return reply.code(201).send({ message: SUBSCRIBE_THANKS });
      },
    );

    r.post(
      '/subscriptions/unsubscribe',
      { config: everyone, schema: { body: unsubscribeBody, response: { 200: messageReply } } },
      async (req) => {
        await unsubscribeByToken(ctx, req.body, req.ip);
        return { message: DESK_MESSAGES.unsubscribed };
      },
    );
  };
}

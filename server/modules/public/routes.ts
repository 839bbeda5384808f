import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageReply } from '../../../common/schemas/auth';
import { BOOKING_THANKS, SUBSCRIBE_THANKS, bookingBody, subscriptionBody } from '../../../common/schemas/public';
import type { AppContext } from '../../context';
import { createBooking, subscribe } from './service';

/** The public site's two forms: the landing page's booking request and the footer's subscribe box. */
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
  };
}

import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bookingRow,
  bookingUpdateBody,
  bookingsExportQuery,
  bookingsPage,
  bookingsQuery,
  deskSummary,
  subscriberRow,
  subscribersExportQuery,
  subscribersPage,
  subscribersQuery,
} from '../../../common/schemas/desk';
import { idParam } from '../../../common/schemas/fields';
import type { AppContext } from '../../context';
import * as desk from './service';

/** The admin's inbox: booking requests and newsletter subscribers, for admins only. */
export function deskRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const admin = { access: ['admin'] } as const;
    // A file to save, never a page to show: the browser downloads it under the list's name and the day's date.
    const sendCsv = (reply: FastifyReply, list: string, csv: string) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${list}-${ctx.now().toISOString().slice(0, 10)}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);

    r.get('/admin/desk/summary', { config: admin, schema: { response: { 200: deskSummary } } }, () =>
      desk.deskSummary(ctx.db, ctx.now()),
    );

    r.get(
      '/admin/desk/bookings',
      { config: admin, schema: { querystring: bookingsQuery, response: { 200: bookingsPage } } },
      (req) => desk.listBookings(ctx.db, req.query),
    );
    r.get(
      '/admin/desk/bookings/export',
      { config: admin, schema: { querystring: bookingsExportQuery } },
      async (req, reply) => sendCsv(reply, 'bookings', await desk.bookingsCsv(ctx.db, req.query)),
    );
    r.patch(
      '/admin/desk/bookings/:id',
      { config: admin, schema: { params: idParam, body: bookingUpdateBody, response: { 200: bookingRow } } },
      (req) => desk.updateBooking(ctx, req.params.id, req.body),
    );

    r.get(
      '/admin/desk/subscribers',
      { config: admin, schema: { querystring: subscribersQuery, response: { 200: subscribersPage } } },
      (req) => desk.listSubscribers(ctx.db, req.query),
    );
    r.get(
      '/admin/desk/subscribers/export',
      { config: admin, schema: { querystring: subscribersExportQuery } },
      async (req, reply) => sendCsv(reply, 'subscribers', await desk.subscribersCsv(ctx.db, req.query)),
    );
    r.post(
      '/admin/desk/subscribers/:id/unsubscribe',
      { config: admin, schema: { params: idParam, response: { 200: subscriberRow } } },
      (req) => desk.unsubscribeSubscriber(ctx, req.params.id),
    );
  };
}

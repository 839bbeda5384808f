import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsQuery, analyticsReply } from '../../../common/schemas/analytics';
import type { AppContext } from '../../context';
import { analyticsCsv, readAnalytics } from './service';

/** The admin's analytics, as figures for the page and as a CSV download of the same filters. */
export function analyticsRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/admin/analytics',
      { config: { access: ['admin'] }, schema: { querystring: analyticsQuery, response: { 200: analyticsReply } } },
      (req) => readAnalytics(ctx, req.query),
    );
    r.get(
      '/admin/analytics.csv',
      { config: { access: ['admin'] }, schema: { querystring: analyticsQuery } },
      async (req, reply) => {
        const figures = await readAnalytics(ctx, req.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="analytics-${figures.from}-to-${figures.to}.csv"`)
          .header('cache-control', 'no-store')
          .send(analyticsCsv(figures));
      },
    );
  };
}

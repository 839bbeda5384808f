import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDashboardReply,
  childProgress,
  childrenReply,
  teacherDashboardReply,
} from '../../../common/schemas/dashboards';
import type { AppContext } from '../../context';
import { adminDashboard, parentChild, parentChildren, teacherDashboard } from './service';

/** Any string: a malformed id names no child, and is answered 404 like another parent's child (see parentChild). */
const childParam = z.object({ id: z.string() });

/** The figures of the admin, teacher and parent dashboards, each for its own role only. */
export function dashboardRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/admin/dashboard',
      { config: { access: ['admin'] }, schema: { response: { 200: adminDashboardReply } } },
      () => adminDashboard(ctx),
    );
    r.get(
      '/teacher/dashboard',
      { config: { access: ['teacher'] }, schema: { response: { 200: teacherDashboardReply } } },
      (req) => teacherDashboard(ctx, req.user!.id),
    );
    r.get(
      '/parent/children',
      { config: { access: ['parent'] }, schema: { response: { 200: childrenReply } } },
      async (req) => ({
        children: await parentChildren(ctx, req.user!.id),
      }),
    );
    r.get(
      '/parent/children/:id',
      { config: { access: ['parent'] }, schema: { params: childParam, response: { 200: childProgress } } },
      (req) => parentChild(ctx, req.user!.id, req.params.id),
    );
  };
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { academySettings, academySettingsUpdate } from '../../../common/schemas/desk';
import type { AppContext } from '../../context';
import { academyView } from './kept';
import { readAcademy, updateAcademy } from './service';

/** The academy's details: read by every page (kept), changed by an admin on Admin Settings. */
export function academyRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/academy',
      {
        config: { access: 'public', kept: { view: academyView, key: () => [] } },
        schema: { response: { 200: academySettings } },
      },
      () => readAcademy(ctx),
    );

    r.get('/admin/academy', { config: { access: ['admin'] }, schema: { response: { 200: academySettings } } }, () =>
      readAcademy(ctx),
    );

    r.patch(
      '/admin/academy',
      {
        config: { access: ['admin'], invalidates: ['academy'] },
        schema: { body: academySettingsUpdate, response: { 200: academySettings } },
      },
      (req) => updateAcademy(ctx, req.body),
    );
  };
}

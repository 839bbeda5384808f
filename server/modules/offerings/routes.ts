import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OFFERING_MESSAGES } from '../../../common/rules';
import { messageReply } from '../../../common/schemas/auth';
import { idParam } from '../../../common/schemas/fields';
import {
  adminOfferingList,
  offeringBody,
  offeringOrderBody,
  offeringSavedReply,
  offeringSearchQuery,
  offeringSlugParam,
  offeringUpdateBody,
  publicOfferingDetail,
  publicOfferingList,
} from '../../../common/schemas/offerings';
import type { AppContext } from '../../context';
import { NotFound } from '../../lib/errors';
import { isStoredName } from '../../lib/storage';
import { claimUploads, registerMultipart } from '../questions/multipart';
import * as offerings from './service';

/** An offering's image is shown to every visitor: stored type, no sniffing, nothing a browser could run. */
const IMAGE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-disposition': 'inline',
  'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  // Stored names are random and never reused: a replaced image has a new name, so a copy stays right.
  'cache-control': 'public, max-age=86400',
};

/**
 * The catalogue: visitors read the published offerings (list, search, one by its address, images); admins manage
 * every offering, drafts too. Every write is announced on the catalogue channel, which redraws the landing page.
 */
export function offeringRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    await registerMultipart(app, ctx.uploads);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const everyone = { access: 'public' } as const;
    const admin = { access: ['admin'] } as const;
    const adminWrite = { access: ['admin'], invalidates: ['catalogue'] } as const;
    const params = idParam;

    // ---- public ----
    r.get(
      '/offerings',
      { config: everyone, schema: { querystring: offeringSearchQuery, response: { 200: publicOfferingList } } },
      (req) => offerings.listPublic(ctx.db, req.query),
    );
    r.get(
      '/offerings/:slug',
      { config: everyone, schema: { params: offeringSlugParam, response: { 200: publicOfferingDetail } } },
      (req) => offerings.getPublic(ctx.db, req.params.slug),
    );
    r.get(
      '/offerings/images/:filename',
      { config: everyone, schema: { params: z.object({ filename: z.string().max(200) }) } },
      async (req, reply) => {
        const { filename } = req.params;
        const mime = isStoredName(filename) ? await offerings.imageType(ctx.db, filename) : null;
        const file = mime ? await ctx.uploads.open(filename) : null;
        if (!mime || !file) throw NotFound('Image not found');
        return reply
          .headers({ ...IMAGE_HEADERS, 'content-type': mime, 'content-length': String(file.size) })
          .send(file.stream);
      },
    );

    // ---- admin ----
    r.get('/admin/offerings', { config: admin, schema: { response: { 200: adminOfferingList } } }, () =>
      offerings.listAdmin(ctx.db),
    );
    r.get(
      '/admin/offerings/:id',
      { config: admin, schema: { params, response: { 200: offeringSavedReply.shape.offering } } },
      (req) => offerings.getAdmin(ctx.db, req.params.id),
    );
    r.post(
      '/admin/offerings',
      { config: adminWrite, schema: { body: offeringBody, response: { 201: offeringSavedReply } } },
      async (req, reply) => {
        const offering = await offerings.createOffering(ctx, req.body);
        return reply.code(201).send({ message: OFFERING_MESSAGES.created, offering });
      },
    );
    r.put(
      '/admin/offerings/order',
      { config: adminWrite, schema: { body: offeringOrderBody, response: { 200: adminOfferingList } } },
      (req) => offerings.reorderOfferings(ctx, req.body.ids),
    );
    r.put(
      '/admin/offerings/:id',
      { config: adminWrite, schema: { params, body: offeringUpdateBody, response: { 200: offeringSavedReply } } },
      async (req) => {
        const offering = await offerings.updateOffering(ctx, req.params.id, req.body);
        const message =
          Object.keys(req.body).length === 1 && req.body.published !== undefined
            ? req.body.published
              ? OFFERING_MESSAGES.published
              : OFFERING_MESSAGES.unpublished
            : OFFERING_MESSAGES.updated;
        return { message, offering };
      },
    );
    r.delete(
      '/admin/offerings/:id',
      { config: adminWrite, schema: { params, response: { 200: messageReply } } },
      async (req) => {
        await offerings.deleteOffering(ctx, req.params.id);
        return { message: OFFERING_MESSAGES.deleted };
      },
    );
    r.put(
      '/admin/offerings/:id/image',
      { config: { ...adminWrite, uploadField: 'image' }, schema: { params, response: { 200: offeringSavedReply } } },
      async (req) => {
        const offering = await offerings.setImage(ctx, req.params.id, claimUploads(req));
        return { message: OFFERING_MESSAGES.imageSaved, offering };
      },
    );
    r.delete(
      '/admin/offerings/:id/image',
      { config: adminWrite, schema: { params, response: { 200: offeringSavedReply } } },
      async (req) => {
        const offering = await offerings.removeImage(ctx, req.params.id);
        return { message: OFFERING_MESSAGES.imageRemoved, offering };
      },
    );
  };
}

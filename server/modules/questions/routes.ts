import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_TYPES } from '../../../common/rules';
import { idParam } from '../../../common/schemas/fields';
import {
  bulkDeleteBody,
  contentImageReply,
  questionBody,
  questionListQuery,
  questionListReply,
  type QuestionListQuery,
  QUESTION_MESSAGES,
  questionSavedReply,
  questionsDeletedReply,
  questionUpdateBody,
  variantPreviewBody,
  variantPreviewReply,
} from '../../../common/schemas/questions';
import { sanitizeRichText } from '../../lib/sanitize';
import { previewVariants } from '../variants/variants';
import type { AppContext } from '../../context';
import { NotFound } from '../../lib/errors';
import { isStoredName } from '../../lib/storage';
import type { KeyRequest } from '../../lib/kept/declare';
import { questionPageView } from './kept';
import { claimUploads, registerMultipart } from './multipart';
import { listKey, listQuestions } from './queries';
import { attachmentType, createQuestion, deleteQuestions, saveContentImage, updateQuestion } from './service';

/**
 * An uploaded image is only ever an image: its stored type, no sniffing, shown inline, and a policy that runs
 * nothing even if a browser were to render it as a document.
 */
const UPLOAD_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-disposition': 'inline',
  'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  // Stored names are random and never reused, so a copy stays right; only the signed-in browser may keep one.
  'cache-control': 'private, max-age=86400',
};

export function questionRoutes(ctx: AppContext) {
  const store = ctx.uploads;
  return async function (app: FastifyInstance) {
    await registerMultipart(app, store);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const staff = { access: STAFF_TYPES } as const;
    // A new question is the bank's alone; editing or deleting one changes what students read too (its text, its answer).
    const adds = { access: STAFF_TYPES, invalidates: ['bank'] } as const;
    const changes = { access: STAFF_TYPES, invalidates: ['bank', 'content'] } as const;

    // Staff open the same first pages of the same filters again and again: a page is kept rendered until the bank
    // (or a section's questions, for "not yet in this section") changes, like the course lists.
    const page = { view: questionPageView, key: (req: KeyRequest) => [listKey(req.query as QuestionListQuery)] };
    r.get(
      '/questions',
      {
        config: { ...staff, kept: page },
        schema: { querystring: questionListQuery, response: { 200: questionListReply } },
      },
      (req) => listQuestions(ctx.db, req.query, ctx.memos.bankCount),
    );

    r.post(
      '/questions',
      {
        config: { ...adds, uploadField: 'attachments' },
        schema: { body: questionBody, response: { 201: questionSavedReply } },
      },
      async (req, reply) => {
        const question = await createQuestion(ctx, req.user!, req.body, claimUploads(req));
        return reply.code(201).send({ message: QUESTION_MESSAGES.created, question });
      },
    );

    // Draws nothing into the bank: the author's draft, as students would read its variants.
    r.post(
      '/questions/variants',
      { config: staff, schema: { body: variantPreviewBody, response: { 200: variantPreviewReply } } },
      async (req) => ({ variants: previewVariants(req.body, sanitizeRichText) }),
    );

    r.put(
      '/questions/:id',
      {
        config: { ...changes, uploadField: 'newAttachments' },
        schema: { params: idParam, body: questionUpdateBody, response: { 200: questionSavedReply } },
      },
      async (req) => {
        const question = await updateQuestion(ctx, req.params.id, req.body, claimUploads(req));
        return { message: QUESTION_MESSAGES.updated, question };
      },
    );

    r.delete(
      '/questions/:id',
      { config: changes, schema: { params: idParam, response: { 200: questionsDeletedReply } } },
      async (req) => {
        const deleted = await deleteQuestions(ctx, [req.params.id]);
        return { message: QUESTION_MESSAGES.deleted, deleted };
      },
    );

    r.post(
      '/questions/bulk-delete',
      { config: changes, schema: { body: bulkDeleteBody, response: { 200: questionsDeletedReply } } },
      async (req) => {
        const deleted = await deleteQuestions(ctx, req.body.questionIds);
        return { message: QUESTION_MESSAGES.bulkDeleted(deleted), deleted };
      },
    );

    r.post(
      '/questions/uploads',
      { config: { ...adds, uploadField: 'image' }, schema: { response: { 201: contentImageReply } } },
      async (req, reply) => reply.code(201).send(await saveContentImage(ctx, claimUploads(req))),
    );

    r.get(
      '/questions/uploads/:filename',
      { config: { access: 'signedIn' }, schema: { params: z.object({ filename: z.string().max(200) }) } },
      async (req, reply) => {
        const { filename } = req.params;
        const mime = isStoredName(filename) ? await attachmentType(ctx.db, filename) : null;
        const file = mime ? await store.open(filename) : null;
        if (!mime || !file) throw NotFound('Image not found');
        return reply
          .headers({ ...UPLOAD_HEADERS, 'content-type': mime, 'content-length': String(file.size) })
          .send(file.stream);
      },
    );
  };
}

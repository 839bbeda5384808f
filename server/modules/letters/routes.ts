import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LETTER_MESSAGES } from '../../../common/rules';
import { messageReply } from '../../../common/schemas/auth';
import {
  letterSettingsBody,
  letterSettingsReply,
  letterSettingsSaved,
  unsubscribeQuery,
} from '../../../common/schemas/letters';
import type { AppContext } from '../../context';
import { escapeHtml, layout } from '../../lib/mail';
import { DomainError } from '../../lib/errors';
import { readAcademy } from '../academy/service';
import { readLetterSettings, saveLetterSettings, unsubscribeLetters } from './service';

/** Any string: a malformed id names no child, and is answered 404 like another parent's child. */
const childParam = z.object({ id: z.string() });

/** A parent's letters about a child, and the letter's one-click unsubscribe (no sign-in). */
export function letterRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // A mail program's one-click unsubscribe posts the form `List-Unsubscribe=One-Click`; the token is in the address.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
      done(null, {}),
    );

    r.get(
      '/parent/children/:id/letter',
      { config: { access: ['parent'] }, schema: { params: childParam, response: { 200: letterSettingsReply } } },
      (req) => readLetterSettings(ctx, req.user!, req.params.id),
    );

    r.put(
      '/parent/children/:id/letter',
      {
        config: { access: ['parent'] },
        schema: { params: childParam, body: letterSettingsBody, response: { 200: letterSettingsSaved } },
      },
      async (req) => {
        const settings = await saveLetterSettings(ctx, req.user!, req.params.id, req.body);
        // A chosen hour that has already come today makes this period's letter due: it leaves within seconds.
        app.letterJobs?.tickSoon();
        return { message: LETTER_MESSAGES.saved, settings };
      },
    );

    // The link in the letter opens a page that says it is done; mail programs' own button posts (RFC 8058).
    r.get(
      '/letters/unsubscribe',
      { config: { access: 'public' }, schema: { querystring: unsubscribeQuery } },
      async (req, reply) => {
        let title = 'You are unsubscribed';
        let message: string = LETTER_MESSAGES.unsubscribed;
        let status = 200;
        try {
          await unsubscribeLetters(ctx, req.query.token, req.ip);
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          title = 'Unsubscribe link not valid';
          message = error.message;
          status = error.status;
        }
        return reply
          .code(status)
          .type('text/html; charset=utf-8')
          .send(
            layout(
              escapeHtml(title),
              `<p style="margin:0" role="status">${escapeHtml(message)}</p>`,
              // The academy's own name, as its letters are signed.
              escapeHtml((await readAcademy(ctx)).name),
              `<a href="${escapeHtml(ctx.config.publicUrl)}/signin">Sign in</a> to change your letters.`,
            ).replace(
              '<html>',
              '<html lang="en"><head><meta charset="utf-8"><title>' +
                escapeHtml(title) +
                '</title><meta name="viewport" content="width=device-width, initial-scale=1"></head>',
            ),
          );
      },
    );

    r.post(
      '/letters/unsubscribe',
      { config: { access: 'public' }, schema: { querystring: unsubscribeQuery, response: { 200: messageReply } } },
      async (req) => {
        await unsubscribeLetters(ctx, req.query.token, req.ip);
        return { message: LETTER_MESSAGES.unsubscribed };
      },
    );
  };
}

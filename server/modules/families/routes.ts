import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FAMILY_MESSAGES } from '../../../common/rules';
import { messageReply } from '../../../common/schemas/auth';
import {
  childAccountBody,
  childCreatedReply,
  childDetailsBody,
  childDetailsReply,
  childUpdatedReply,
  invitationBody,
  invitationReply,
  invitationTokenBody,
  pendingInvitationsReply,
} from '../../../common/schemas/families';
import type { AppContext } from '../../context';
import { actorOf } from '../../policies/actor';
import {
  acceptInvitation,
  cancelInvitation,
  childDetails,
  createChild,
  invite,
  pendingInvitations,
  removeChild,
  resendInvitation,
  sendChildSignIn,
  updateChild,
  viewInvitation,
} from './service';

/** Any string: a malformed id names no child, and is answered 404 like another parent's child. */
const childParam = z.object({ id: z.string() });
/** Likewise for an invitation: a malformed id is answered 404 like another sender's invitation. */
const invitationParam = z.object({ id: z.string() });

/** Links written: this instance forgets what it keeps of accounts before answering (the others hear 0011's trigger). */
const familyWrite = (access: readonly ('parent' | 'student')[]) => ({ access, invalidates: ['users'] }) as const;

/** A parent's children and the invitations that link a parent and a student. */
export function familyRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/parent/children',
      {
        config: familyWrite(['parent']),
        schema: { body: childAccountBody, response: { 201: childCreatedReply } },
      },
      async (req, reply) => {
        const child = await createChild(ctx, req.user!, req.body);
        return reply.code(201).send({ message: FAMILY_MESSAGES.childCreated, child });
      },
    );

    r.delete(
      '/parent/children/:id',
      { config: familyWrite(['parent']), schema: { params: childParam, response: { 200: messageReply } } },
      async (req) => {
        await removeChild(ctx, actorOf(req.user!), req.params.id);
        return { message: FAMILY_MESSAGES.childRemoved };
      },
    );

    // A parent's details of their own child (the ownership policy's `manage`), and a mail telling the child how to sign in.
    r.get(
      '/parent/children/:id/details',
      { config: { access: ['parent'] }, schema: { params: childParam, response: { 200: childDetailsReply } } },
      (req) => childDetails(ctx, req.user!, req.params.id),
    );

    r.put(
      '/parent/children/:id',
      {
        config: familyWrite(['parent']),
        schema: { params: childParam, body: childDetailsBody, response: { 200: childUpdatedReply } },
      },
      async (req) => ({
        message: FAMILY_MESSAGES.childUpdated,
        child: await updateChild(ctx, req.user!, req.params.id, req.body),
      }),
    );

    r.post(
      '/parent/children/:id/sign-in-email',
      { config: { access: ['parent'] }, schema: { params: childParam, response: { 200: messageReply } } },
      async (req) => {
        await sendChildSignIn(ctx, req.user!, req.params.id);
        return { message: FAMILY_MESSAGES.signInMailSent };
      },
    );

    // Each side sends, lists, sends again and cancels only its own invitations.
    for (const [path, role] of [
      ['/parent/invitations', 'parent'],
      ['/student/invitations', 'student'],
    ] as const) {
      r.post(
        path,
        { config: { access: [role] }, schema: { body: invitationBody, response: { 200: messageReply } } },
        async (req) => {
          await invite(ctx, req.user!, req.body.email);
          return { message: FAMILY_MESSAGES.invitationSent };
        },
      );
      r.get(
        path,
        { config: { access: [role] }, schema: { response: { 200: pendingInvitationsReply } } },
        async (req) => ({
          invitations: await pendingInvitations(ctx, req.user!),
        }),
      );
      r.post(
        `${path}/:id/resend`,
        { config: { access: [role] }, schema: { params: invitationParam, response: { 200: messageReply } } },
        async (req) => {
          await resendInvitation(ctx, req.user!, req.params.id);
          return { message: FAMILY_MESSAGES.invitationResent };
        },
      );
      r.delete(
        `${path}/:id`,
        { config: { access: [role] }, schema: { params: invitationParam, response: { 200: messageReply } } },
        async (req) => {
          await cancelInvitation(ctx, req.user!, req.params.id);
          return { message: FAMILY_MESSAGES.invitationCancelled };
        },
      );
    }

    r.post(
      '/invitations/view',
      { config: { access: 'public' }, schema: { body: invitationTokenBody, response: { 200: invitationReply } } },
      (req) => viewInvitation(ctx, req.body.token, req.ip),
    );

    r.post(
      '/invitations/accept',
      {
        config: familyWrite(['parent', 'student']),
        schema: { body: invitationTokenBody, response: { 200: messageReply } },
      },
      async (req) => {
        await acceptInvitation(ctx, req.user!, req.body.token);
        return { message: FAMILY_MESSAGES.invitationAccepted };
      },
    );
  };
}

/**
 * Families: a parent creates their child's account or invites an existing student, a student invites a parent, and
 * the invited one accepts. Invitations are single-use links bound to the invited e-mail; only the SHA-256 of a
 * link's secret is stored, as for sessions.
 */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CHILD_ACCOUNTS_PER_HOUR,
  CHILD_SIGN_IN_MAILS_PER_HOUR,
  FAMILY_MESSAGES,
  INVITATION_TTL_DAYS,
  INVITATIONS_PER_ADDRESS_PER_HOUR,
  INVITATIONS_PER_HOUR,
  PENDING_INVITATIONS_SHOWN,
  type InvitationKind,
} from '../../../common/rules';
import { DASHBOARD_MESSAGES } from '../../../common/schemas/dashboards';
import type {
  childAccountBody,
  ChildDetails,
  childDetailsBody,
  InvitationView,
  PendingInvitation,
} from '../../../common/schemas/families';
import type { AppContext } from '../../context';
import { rows } from '../../db/prepared';
import { familyInvitations, parentStudents, profiles, users } from '../../db/schema';
import { hashPassword, newToken, sha256 } from '../../lib/crypto';
import { Conflict, Forbidden, Gone, Invalid, isUniqueViolation, NotFound } from '../../lib/errors';
import { childAccountMail, childSignInMail, invitationMail } from '../../lib/mail';
import { hitLimit, limitPerIp, limitPerUser } from '../../lib/rate-limit';
import { actorOf, type Actor } from '../../policies/actor';
import { mayActForStudent, requireStudent } from '../../policies/students';
import type { CurrentUser } from '../sessions/store';

const DAY_MS = 24 * 3600 * 1000;

/** The database spells the kinds with underscores (an enum), the API with hyphens. */
const DB_KIND = {
  'parent-invites-student': 'parent_invites_student',
  'student-invites-parent': 'student_invites_parent',
} as const satisfies Record<InvitationKind, string>;
const API_KIND = {
  parent_invites_student: 'parent-invites-student',
  student_invites_parent: 'student-invites-parent',
} as const satisfies Record<(typeof DB_KIND)[InvitationKind], InvitationKind>;

const nameOf = (p: { firstName: string; lastName: string } | null, fallback: string) =>
  `${p?.firstName ?? ''} ${p?.lastName ?? ''}`.trim() || fallback;

/**
 * A parent creates their child's student account, linked to them at once. The child signs in with the e-mail the
 * parent gives: with the password the parent set, or with one they choose through Forgot password (their welcome
 * e-mail says which). An e-mail that has an account is refused: that child is invited instead.
 */
export async function createChild(ctx: AppContext, parent: CurrentUser, input: z.output<typeof childAccountBody>) {
  await limitPerUser(ctx, 'child-account', parent.id, {
    max: CHILD_ACCOUNTS_PER_HOUR,
    windowSeconds: 3600,
    message: FAMILY_MESSAGES.tooManyChildren,
  });
  // Without a password from the parent the account gets one nobody knows, until the child chooses theirs.
  const passwordHash = await hashPassword(input.password ?? newToken());
  const taken = () => Conflict(FAMILY_MESSAGES.childEmailTaken);
  let childId: string;
  try {
    childId = await ctx.db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
      if (existing) throw taken();
      const [child] = await tx
        .insert(users)
        .values({ email: input.email, passwordHash, type: 'student' })
        .returning({ id: users.id });
      await tx.insert(profiles).values({
        userId: child.id,
        firstName: input.first_name,
        lastName: input.last_name,
        gradeLevel: input.grade_level,
        school: input.school,
        birthday: input.birthday,
      });
      await tx.insert(parentStudents).values({ parentId: parent.id, studentId: child.id });
      return child.id;
    });
  } catch (error) {
    // An account made for the e-mail meanwhile: the unique index decides.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  await ctx.mailer.send(
    childAccountMail(
      input.email,
      { firstName: input.first_name },
      nameOf(parent.profile, 'Your parent'),
      ctx.config.publicUrl,
      input.password === null,
    ),
  );
  return { id: childId, firstName: input.first_name, lastName: input.last_name, email: input.email };
}

/** A parent removes a child from their family: the link goes, the child's account and work stay. */
export async function removeChild(ctx: AppContext, parent: Actor, childId: string): Promise<void> {
  const notFound = DASHBOARD_MESSAGES.childNotFound;
  await requireStudent(ctx.db, parent, childId, { unknown: notFound, notYours: notFound }, 'manage');
  await ctx.db
    .delete(parentStudents)
    .where(and(eq(parentStudents.parentId, parent.id), eq(parentStudents.studentId, childId)));
}

/** Whether the inviter and the account of `email` are linked already, whichever of them is the parent. */
async function alreadyLinked(ctx: AppContext, inviter: CurrentUser, email: string): Promise<boolean> {
  const found = await rows<{ one: number }>(
    ctx.db,
    inviter.type === 'parent'
      ? sql`select 1 as one from parent_students ps join users child on child.id = ps.student_id
          where ps.parent_id = ${inviter.id} and child.email = ${email} limit 1`
      : sql`select 1 as one from parent_students ps join users parent on parent.id = ps.parent_id
          where ps.student_id = ${inviter.id} and parent.email = ${email} limit 1`,
  );
  return found.length > 0;
}

/**
 * Mails an invitation to link the inviter (a parent or a student) with the account of `email`, of the other role.
 * It is sent whether or not that e-mail has an account, so the answer never tells who is registered; the link
 * checks the account when it is accepted. Limited per inviter and per invited address, as mail to strangers.
 */
export async function invite(ctx: AppContext, inviter: CurrentUser, email: string): Promise<void> {
  if (email === inviter.email) throw Invalid(FAMILY_MESSAGES.notYourself);
  const kind: InvitationKind = inviter.type === 'parent' ? 'parent-invites-student' : 'student-invites-parent';
  await limitInvitation(ctx, inviter, email);
  const token = newToken();
  const now = ctx.now();
  await ctx.db.insert(familyInvitations).values({
    tokenHash: sha256(token),
    kind: DB_KIND[kind],
    inviterId: inviter.id,
    email,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
    createdAt: now,
  });
  await mailInvitation(ctx, inviter, email, token);
}

/** The limits of every invitation mailed (sent or sent again): per sender and per invited address, as mail to strangers. */
async function limitInvitation(ctx: AppContext, inviter: CurrentUser, email: string): Promise<void> {
  await limitPerUser(ctx, 'invite', inviter.id, {
    max: INVITATIONS_PER_HOUR,
    windowSeconds: 3600,
    message: FAMILY_MESSAGES.tooManyInvitations,
  });
  await hitLimit(
    ctx.db,
    {
      key: `invite:email:${email}`,
      max: INVITATIONS_PER_ADDRESS_PER_HOUR * ctx.rateLimitFactor,
      windowSeconds: 3600,
      message: FAMILY_MESSAGES.tooManyInvitations,
    },
    ctx.now(),
  );
  if (await alreadyLinked(ctx, inviter, email)) throw Conflict(FAMILY_MESSAGES.alreadyLinked);
}

async function mailInvitation(ctx: AppContext, inviter: CurrentUser, email: string, token: string): Promise<void> {
  const link = `${ctx.config.publicUrl}/invitation#${token}`;
  await ctx.mailer.send(
    invitationMail(
      email,
      nameOf(inviter.profile, inviter.email),
      inviter.type === 'parent' ? 'student' : 'parent',
      link,
      INVITATION_TTL_DAYS,
    ),
  );
}

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** The invitations this user sent that nobody accepted yet, newest first; expired ones too, to be sent again. */
export async function pendingInvitations(ctx: AppContext, inviter: CurrentUser): Promise<PendingInvitation[]> {
  const found = await ctx.db
    .select({
      id: familyInvitations.id,
      email: familyInvitations.email,
      createdAt: familyInvitations.createdAt,
      expiresAt: familyInvitations.expiresAt,
    })
    .from(familyInvitations)
    .where(and(eq(familyInvitations.inviterId, inviter.id), isNull(familyInvitations.acceptedAt)))
    .orderBy(desc(familyInvitations.createdAt), desc(familyInvitations.id))
    .limit(PENDING_INVITATIONS_SHOWN);
  const now = ctx.now();
  return found.map((row) => ({
    id: row.id,
    email: row.email,
    sentAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt <= now,
  }));
}

/** The condition that names one of this user's invitations still waiting: another's, or an accepted one, is none. */
const ownPending = (inviter: CurrentUser, id: string) =>
  and(eq(familyInvitations.id, id), eq(familyInvitations.inviterId, inviter.id), isNull(familyInvitations.acceptedAt));

/**
 * Sends a pending invitation again, under the limits of sending: it gets a new secret and seven days more, and the
 * old link no longer names it. The new secret is written by one conditional update, so an invitation accepted
 * meanwhile is not revived.
 */
export async function resendInvitation(ctx: AppContext, inviter: CurrentUser, id: string): Promise<void> {
  const notFound = () => NotFound(FAMILY_MESSAGES.invitationNotFound);
  if (!isUuid(id)) throw notFound();
  const [row] = await ctx.db
    .select({ email: familyInvitations.email })
    .from(familyInvitations)
    .where(ownPending(inviter, id));
  if (!row) throw notFound();
  await limitInvitation(ctx, inviter, row.email);
  const token = newToken();
  const renewed = await ctx.db
    .update(familyInvitations)
    .set({ tokenHash: sha256(token), expiresAt: new Date(ctx.now().getTime() + INVITATION_TTL_DAYS * DAY_MS) })
    .where(ownPending(inviter, id))
    .returning({ id: familyInvitations.id });
  if (renewed.length === 0) throw notFound();
  await mailInvitation(ctx, inviter, row.email, token);
}

/** Cancels a pending invitation: it is deleted, so its link answers that it is not valid. */
export async function cancelInvitation(ctx: AppContext, inviter: CurrentUser, id: string): Promise<void> {
  if (!isUuid(id)) throw NotFound(FAMILY_MESSAGES.invitationNotFound);
  const gone = await ctx.db
    .delete(familyInvitations)
    .where(ownPending(inviter, id))
    .returning({ id: familyInvitations.id });
  if (gone.length === 0) throw NotFound(FAMILY_MESSAGES.invitationNotFound);
}

const childRefusals = { unknown: DASHBOARD_MESSAGES.childNotFound, notYours: DASHBOARD_MESSAGES.childNotFound };

/** A child's details as their parent edits them (404 for a child who is not theirs). */
export async function childDetails(ctx: AppContext, parent: CurrentUser, childId: string): Promise<ChildDetails> {
  await requireStudent(ctx.db, actorOf(parent), childId, childRefusals, 'manage');
  const [row] = await ctx.db
    .select({
      email: users.email,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      grade: profiles.gradeLevel,
      school: profiles.school,
      birthday: profiles.birthday,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, childId));
  if (!row) throw NotFound(DASHBOARD_MESSAGES.childNotFound);
  return {
    id: childId,
    email: row.email,
    first_name: row.firstName ?? '',
    last_name: row.lastName ?? '',
    grade_level: row.grade ?? '',
    school: row.school ?? '',
    birthday: row.birthday ?? '',
  };
}

/**
 * A parent changes their child's name, grade, school and birthday. The ownership policy decides (`manage`: a parent
 * for their own child); the write repeats the policy's condition, so a child removed from the family meanwhile is
 * not changed.
 */
export async function updateChild(
  ctx: AppContext,
  parent: CurrentUser,
  childId: string,
  input: z.output<typeof childDetailsBody>,
): Promise<ChildDetails> {
  const actor = actorOf(parent);
  await requireStudent(ctx.db, actor, childId, childRefusals, 'manage');
  const details = {
    firstName: input.first_name,
    lastName: input.last_name,
    gradeLevel: input.grade_level,
    school: input.school,
    birthday: input.birthday,
  };
  const written = await rows<{ user_id: string }>(
    ctx.db,
    sql`insert into profiles as prof (user_id, first_name, last_name, grade_level, school, birthday)
      select pu.id, ${details.firstName}, ${details.lastName}, ${details.gradeLevel}, ${details.school}, ${details.birthday}::date
      from users pu where pu.id = ${childId} and ${mayActForStudent(actor, sql`pu.id`, 'manage')}
      on conflict (user_id) do update set first_name = excluded.first_name, last_name = excluded.last_name,
        grade_level = excluded.grade_level, school = excluded.school, birthday = excluded.birthday
      returning prof.user_id`,
  );
  if (written.length === 0) throw NotFound(DASHBOARD_MESSAGES.childNotFound);
  return childDetails(ctx, parent, childId);
}

/**
 * Mails a child how to sign in and where to choose a new password. Limited per child, whichever of their parents
 * asks: a parent reaches only their own children, so that bounds what one parent can send too.
 */
export async function sendChildSignIn(ctx: AppContext, parent: CurrentUser, childId: string): Promise<void> {
  const child = await childDetails(ctx, parent, childId);
  await hitLimit(
    ctx.db,
    {
      key: `child-sign-in:child:${childId}`,
      max: CHILD_SIGN_IN_MAILS_PER_HOUR * ctx.rateLimitFactor,
      windowSeconds: 3600,
      message: FAMILY_MESSAGES.tooManySignInMails,
    },
    ctx.now(),
  );
  await ctx.mailer.send(
    childSignInMail(
      child.email,
      { firstName: child.first_name || 'there' },
      nameOf(parent.profile, 'Your parent'),
      ctx.config.publicUrl,
    ),
  );
}

type InvitationRow = typeof familyInvitations.$inferSelect;

/** Why an invitation cannot be used now, or null when it can. */
function refusal(row: InvitationRow | undefined, now: Date) {
  if (!row) return NotFound(FAMILY_MESSAGES.invitationInvalid);
  if (row.acceptedAt) return Conflict(FAMILY_MESSAGES.invitationUsed);
  if (row.expiresAt <= now) return Gone(FAMILY_MESSAGES.invitationExpired);
  return null;
}

const invitationByToken = async (ctx: AppContext, token: string) =>
  (
    await ctx.db
      .select()
      .from(familyInvitations)
      .where(eq(familyInvitations.tokenHash, sha256(token)))
      .limit(1)
  )[0];

/** What the invitation page shows: who invites, to which address, until when. Anyone holding the link may read it. */
export async function viewInvitation(ctx: AppContext, token: string, ip: string): Promise<InvitationView> {
  await limitPerIp(ctx, 'invitation', ip, 60, 900);
  const row = await invitationByToken(ctx, token);
  const refused = refusal(row, ctx.now());
  if (refused) throw refused;
  const [inviter] = await ctx.db
    .select({ email: users.email, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, row!.inviterId));
  return {
    kind: API_KIND[row!.kind],
    inviterName: nameOf(
      { firstName: inviter?.firstName ?? '', lastName: inviter?.lastName ?? '' },
      inviter?.email ?? '',
    ),
    email: row!.email,
    expiresAt: row!.expiresAt.toISOString(),
  };
}

/**
 * The invited account accepts: the invitation is claimed and the link written in one transaction. The claim is one
 * conditional update (not used, not expired, for this e-mail and role), so of two acceptances at once the second
 * waits on the row and then finds it used: the family is linked once. Anything refused changes nothing.
 */
export async function acceptInvitation(ctx: AppContext, user: CurrentUser, token: string): Promise<void> {
  const now = ctx.now();
  const kind = user.type === 'student' ? 'parent_invites_student' : 'student_invites_parent';
  const tokenHash = sha256(token);
  await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(familyInvitations)
      .set({ acceptedAt: now, acceptedBy: user.id })
      .where(
        and(
          eq(familyInvitations.tokenHash, tokenHash),
          isNull(familyInvitations.acceptedAt),
          gt(familyInvitations.expiresAt, now),
          eq(familyInvitations.email, user.email),
          eq(familyInvitations.kind, kind),
        ),
      )
      .returning({ inviterId: familyInvitations.inviterId });
    if (!claimed) {
      const [row] = await tx.select().from(familyInvitations).where(eq(familyInvitations.tokenHash, tokenHash));
      const refused = refusal(row, now);
      if (refused) throw refused;
      if (row.email !== user.email) throw Forbidden(FAMILY_MESSAGES.invitationForeign);
      throw Forbidden(
        row.kind === 'student_invites_parent'
          ? FAMILY_MESSAGES.invitationForParent
          : FAMILY_MESSAGES.invitationForStudent,
      );
    }
    const link =
      kind === 'parent_invites_student'
        ? { parentId: claimed.inviterId, studentId: user.id }
        : { parentId: user.id, studentId: claimed.inviterId };
    await tx.insert(parentStudents).values(link).onConflictDoNothing();
  });
}

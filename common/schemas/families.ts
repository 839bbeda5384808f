import { z } from 'zod';
import { FAMILY_MESSAGES, INVITATION_KINDS, LIMITS } from '../rules';
import { gradeField } from './auth';
import { birthdayField, blankAsNull, emailField, newPasswordField, requiredText } from './fields';

/**
 * A child's account made by their parent. The child signs in with this e-mail: with the password the parent sets,
 * or, when none is given, one the child chooses through the link of their welcome e-mail (Forgot password).
 */
export const childAccountBody = z.object({
  first_name: requiredText('First name', LIMITS.name),
  last_name: requiredText('Last name', LIMITS.name),
  grade_level: gradeField,
  school: requiredText('School', LIMITS.shortText),
  birthday: birthdayField,
  email: emailField,
  password: blankAsNull(newPasswordField),
});
export type ChildAccountBody = z.input<typeof childAccountBody>;

/** What a parent may change of their child's profile: the details they gave when they created the account. */
export const childDetailsBody = childAccountBody.pick({
  first_name: true,
  last_name: true,
  grade_level: true,
  school: true,
  birthday: true,
});
export type ChildDetailsBody = z.input<typeof childDetailsBody>;

/** A child's details as their parent edits them; empty where an older account never had them. */
export const childDetailsReply = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  grade_level: z.string(),
  school: z.string(),
  birthday: z.string(),
});
export type ChildDetails = z.infer<typeof childDetailsReply>;
export const childUpdatedReply = z.object({ message: z.string(), child: childDetailsReply });

export const childCreatedReply = z.object({
  message: z.string(),
  child: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
});

/** A parent invites their child's student account, or a student a parent, by e-mail. */
export const invitationBody = z.object({ email: emailField });

/** An invitation its sender has not seen accepted yet; an expired one may still be sent again. */
export const pendingInvitation = z.object({
  id: z.string(),
  email: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type PendingInvitation = z.infer<typeof pendingInvitation>;
export const pendingInvitationsReply = z.object({ invitations: z.array(pendingInvitation) });

/** The secret of an invitation link: 256 random bits, URL-safe (43 characters). */
export const invitationToken = z
  .string({ error: FAMILY_MESSAGES.invitationInvalid })
  .regex(/^[A-Za-z0-9_-]{43}$/, FAMILY_MESSAGES.invitationInvalid);
export const invitationTokenBody = z.object({ token: invitationToken });

/** What the invitation page shows before it is accepted. */
export const invitationReply = z.object({
  kind: z.enum(INVITATION_KINDS),
  inviterName: z.string(),
  email: z.string(),
  expiresAt: z.string(),
});
export type InvitationView = z.infer<typeof invitationReply>;

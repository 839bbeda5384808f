/** Families: who signs up, parents adding their children, and invitations between a parent and a student. */

/** Who may sign up by themself: everyone else is registered by an admin. */
export const SIGNUP_ROLES = ['parent', 'student'] as const;
export type SignupRole = (typeof SIGNUP_ROLES)[number];

export const SIGNUP_ROLE_LABELS: Record<SignupRole, { title: string; text: string }> = {
  parent: { title: 'A parent or guardian', text: "Follow your children's learning and add their accounts." },
  student: { title: 'A student', text: 'Study your courses and practice with exercises.' },
};

/**
 * An invitation links a parent and a student once the invited one accepts: a parent invites their child's existing
 * student account, or a student invites a parent. Its link works once, for the invited e-mail, for seven days: long
 * enough for a family that reads its mail at the weekend, short enough that a forgotten link dies.
 */
export const INVITATION_KINDS = ['parent-invites-student', 'student-invites-parent'] as const;
export type InvitationKind = (typeof INVITATION_KINDS)[number];
export const INVITATION_TTL_DAYS = 7;

/** Invitations a user may send in an hour, and invitations one address may receive in an hour. */
export const INVITATIONS_PER_HOUR = 10;
export const INVITATIONS_PER_ADDRESS_PER_HOUR = 3;
/** Child accounts a parent may create in an hour (each one mails the child). */
export const CHILD_ACCOUNTS_PER_HOUR = 10;
/** Sign-in e-mails one child may receive in an hour at their parents' request: enough to lose one, not to flood. */
export const CHILD_SIGN_IN_MAILS_PER_HOUR = 3;
/** The pending invitations a sender sees: the most recent, far more than a family sends. */
export const PENDING_INVITATIONS_SHOWN = 50;

export const FAMILY_MESSAGES = {
  chooseRole: 'Please choose who is signing up',
  signupTypes: 'Only student and parent accounts can be created by sign-up',
  childCreated: "Your child's account has been created.",
  childEmailTaken:
    'An account with this email already exists. If it is your child, invite them with "Link an existing student" instead.',
  invitationSent: 'Invitation sent. The link in the e-mail works for 7 days.',
  notYourself: 'You cannot invite yourself.',
  alreadyLinked: 'You are already linked to this account.',
  invitationInvalid: 'This invitation link is not valid. Please ask for a new invitation.',
  invitationUsed: 'This invitation has already been used.',
  invitationExpired: 'This invitation has expired. Please ask for a new one.',
  invitationForeign:
    'This invitation was sent to another email address. Sign in with the address it was sent to in order to accept it.',
  invitationForParent: 'This invitation is for a parent account.',
  invitationForStudent: 'This invitation is for a student account.',
  invitationAccepted: 'Invitation accepted. Your accounts are now linked.',
  tooManyInvitations: 'Too many invitations were sent. Please try again in an hour.',
  tooManyChildren: 'Too many accounts were created. Please try again in an hour.',
  childRemoved: 'The child was removed from your family. Their account stays.',
  addChildFailed: 'Could not add your child. Please try again.',
  inviteFailed: 'Could not send the invitation. Please try again.',
  removeFailed: 'Could not remove the child. Please try again.',
  acceptFailed: 'Could not accept the invitation. Please try again.',
  invitationNotFound: 'Invitation not found. It may have been accepted or cancelled.',
  invitationResent: 'Invitation sent again. The new link works for 7 days; the old link no longer works.',
  invitationCancelled: 'Invitation cancelled. Its link no longer works.',
  invitationsFailed: 'Could not load your invitations. Please try again.',
  resendFailed: 'Could not send the invitation again. Please try again.',
  cancelFailed: 'Could not cancel the invitation. Please try again.',
  childUpdated: "Your child's details have been saved.",
  updateChildFailed: "Could not save your child's details. Please try again.",
  childDetailsFailed: "Could not load your child's details. Please try again.",
  signInMailSent: 'We e-mailed your child how to sign in and how to choose a new password.',
  signInMailFailed: 'Could not send the e-mail. Please try again.',
  tooManySignInMails: 'Too many e-mails were sent to this child. Please try again in an hour.',
} as const;

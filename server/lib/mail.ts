import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { DATA_DIR_MODE, DATA_FILE_MODE } from './data-dir';
import type { FastifyBaseLogger } from 'fastify';
import { plural } from '../../common/rules';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header lines, such as List-Unsubscribe, which mail programs show as their own unsubscribe button. */
  headers?: Record<string, string>;
  /** Images the HTML shows by `cid:` (mail programs block images given as data: addresses). */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string; cid: string }>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * With SMTP_URL, real SMTP. Without it, each message becomes an .eml file in the outbox folder,
 * so a developer (and the end-to-end tests) can read the codes.
 */
export function createMailer(options: { smtpUrl?: string; outboxDir: string; from: string }): Mailer {
  // Bounded waits, so a mail server that stops answering frees the queue's delivery slots (the defaults reach an hour).
  const transport = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      if (!options.smtpUrl) {
        await fs.mkdir(options.outboxDir, { recursive: true, mode: DATA_DIR_MODE });
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`;
        // The messages hold sign-in codes: the server's own user's alone, whatever the umask.
        await fs.writeFile(path.join(options.outboxDir, name), (info as unknown as { message: Buffer }).message, {
          mode: DATA_FILE_MODE,
        });
      }
    },
  };
}

const brand = 'Math Academy';

const IGNORE_IF_NOT_YOU = 'If you did not ask for this, you can ignore this e-mail.';

export function layout(title: string, bodyHtml: string, from = brand, footnote = IGNORE_IF_NOT_YOU): string {
  return `<!doctype html><html><body style="margin:0;background:#f5f6fb;font-family:Inter,Arial,sans-serif;color:#1b1f3b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#fff;border-radius:12px;padding:32px">
<tr><td><p style="margin:0 0 8px;color:#3b4cca;font-weight:700;font-size:18px">${from}</p>
<h1 style="margin:0 0 16px;font-size:22px">${title}</h1>${bodyHtml}
<p style="margin:24px 0 0;color:#6b7091;font-size:13px">${footnote}</p></td></tr>
</table></td></tr></table></body></html>`;
}

/** What a user typed (a name, a booking's details), made safe to place in a mail's HTML: text, never markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The academy as the desk's mails name it: its name, and how a family reaches it. */
export interface MailingAcademy {
  name: string;
  email: string;
  phone: string;
}

/** To the family who booked: their request arrived, and how to reach the academy meanwhile. */
export function bookingConfirmationMail(to: string, familyName: string, academy: MailingAcademy): Mail {
  const lead = `Thank you, ${familyName}. We have received your booking request and will contact you within one business day.`;
  const reach = `Questions meanwhile? Write to ${academy.email} or call ${academy.phone}.`;
  return {
    to,
    subject: `We received your booking request - ${academy.name}`,
    text: `${lead}\n\n${reach}\n\n${academy.name}`,
    html: layout(
      'Your booking request',
      `<p style="margin:0 0 16px">${escapeHtml(lead)}</p><p style="margin:0">${escapeHtml(reach)}</p>`,
      escapeHtml(academy.name),
    ),
  };
}

/** To the academy: a family asked for a session; the request waits in the admin's inbox. */
export function bookingNoticeMail(
  to: string,
  booking: { name: string; email: string; phone: string },
  academy: MailingAcademy,
  inboxUrl: string,
): Mail {
  const lines = [`Name: ${booking.name}`, `E-mail: ${booking.email}`, `Phone: ${booking.phone}`];
  return {
    to,
    subject: `New booking request from ${booking.name}`,
    text: `A family asked for a session.\n\n${lines.join('\n')}\n\nAnswer it and mark it contacted in the inbox: ${inboxUrl}\n\n${academy.name}`,
    html: layout(
      'New booking request',
      `<p style="margin:0 0 16px">A family asked for a session.</p><p style="margin:0 0 16px">${lines.map(escapeHtml).join('<br>')}</p><p style="margin:0"><a href="${inboxUrl}">Open the inbox</a> to answer it and mark it contacted.</p>`,
      escapeHtml(academy.name),
      "You receive this because this address takes the academy's booking requests.",
    ),
  };
}

/** To a new subscriber: what they signed up for, and the one-click link that ends it. */
export function subscriptionConfirmationMail(to: string, unsubscribeUrl: string, academy: MailingAcademy): Mail {
  const lead = `Thank you for subscribing to ${academy.name}'s updates. We will write when we have news about courses, schedules and events.`;
  return {
    to,
    subject: `You are subscribed to ${academy.name}'s updates`,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>` },
    text: `${lead}\n\nTo unsubscribe, open this link: ${unsubscribeUrl}\n\n${academy.name}`,
    html: layout(
      'You are subscribed',
      `<p style="margin:0 0 16px">${escapeHtml(lead)}</p><p style="margin:0"><a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a> at any time with one click.</p>`,
      escapeHtml(academy.name),
    ),
  };
}

const codePurposeText: Record<string, { subject: string; title: string; lead: string }> = {
  'email-verification': {
    subject: `Your ${brand} verification code`,
    title: 'Verify your e-mail',
    lead: 'Enter this code to verify your e-mail and finish creating your account:',
  },
  'password-reset': {
    subject: `Your ${brand} password reset code`,
    title: 'Reset your password',
    lead: 'Enter this code to reset your password:',
  },
};

/** The mail that carries a six-digit code. */
export function codeMail(to: string, purpose: string, code: string, minutes: number): Mail {
  const t = codePurposeText[purpose] ?? codePurposeText['email-verification'];
  return {
    to,
    subject: t.subject,
    text: `${t.title}\n\n${t.lead}\n\n${code}\n\nThe code is valid for ${plural(minutes, 'minute')}.\n\n${brand}`,
    html: layout(
      t.title,
      `<p style="margin:0 0 16px">${t.lead}</p><p style="font-size:32px;letter-spacing:8px;font-weight:700;margin:0 0 16px">${code}</p><p style="margin:0">The code is valid for ${plural(minutes, 'minute')}.</p>`,
    ),
  };
}

/** Sent instead of a code when someone signs up with an e-mail that already has an account. */
export function alreadyRegisteredMail(to: string, publicUrl: string): Mail {
  return {
    to,
    subject: `You already have a ${brand} account`,
    text: `Someone (hopefully you) tried to create a ${brand} account with this e-mail, but it already has one.\n\nSign in at ${publicUrl}/signin, or reset your password at ${publicUrl}/forget-password.\n\n${brand}`,
    html: layout(
      'You already have an account',
      `<p>Someone (hopefully you) tried to create a ${brand} account with this e-mail, but it already has one.</p>
<p><a href="${publicUrl}/signin">Sign in</a> or <a href="${publicUrl}/forget-password">reset your password</a>.</p>`,
    ),
  };
}

/** Logs mail sends without their content: codes never reach the logs in production. */
export function loggingMailer(inner: Mailer, log: FastifyBaseLogger, revealCodes: boolean): Mailer {
  return {
    async send(mail) {
      await inner.send(mail);
      const code = revealCodes ? /\b\d{6}\b/.exec(mail.text)?.[0] : undefined;
      log.info({ to: mail.to, subject: mail.subject, ...(code ? { devCode: code } : {}) }, 'mail sent');
    },
  };
}

/**
 * Sent to every account an admin registers or imports: where to sign in, never a password. Imported accounts have
 * none yet and are told to choose one; registered ones get theirs from the academy.
 */
export function welcomeMail(
  to: string,
  firstName: string,
  role: string,
  publicUrl: string,
  choosePassword: boolean,
): Mail {
  const passwordLine = choosePassword
    ? `Choose your password at ${publicUrl}/forget-password with this e-mail address, then sign in.`
    : 'Your academy will give you your password; you can change it from your profile once signed in.';
  const passwordHtml = choosePassword
    ? `<p>Choose your password at <a href="${publicUrl}/forget-password">${publicUrl}/forget-password</a> with this e-mail address, then sign in.</p>`
    : '<p>Your academy will give you your password; you can change it from your profile once signed in.</p>';
  return {
    to,
    subject: `Welcome to ${brand}`,
    text: `Hello ${firstName},\n\nA ${role} account was created for you at ${brand}.\n\nSign in at ${publicUrl}/signin with ${to}.\n${passwordLine}\n\n${brand}`,
    html: layout(
      `Welcome, ${escapeHtml(firstName)}`,
      `<p>A ${escapeHtml(role)} account was created for you at ${brand}.</p>
<p>Sign in at <a href="${publicUrl}/signin">${publicUrl}/signin</a> with ${escapeHtml(to)}.</p>${passwordHtml}`,
    ),
  };
}

/**
 * Sent to a child whose parent created their account: how to sign in, with the password the parent set or, when
 * the parent set none, one the child chooses through Forgot password. Never the password itself.
 */
export function childAccountMail(
  to: string,
  child: { firstName: string },
  parentName: string,
  publicUrl: string,
  choosePassword: boolean,
): Mail {
  const passwordLine = choosePassword
    ? `Choose your password at ${publicUrl}/forget-password with this e-mail address, then sign in.`
    : `${parentName} has set your password and will give it to you.`;
  const passwordHtml = choosePassword
    ? `<p>Choose your password at <a href="${publicUrl}/forget-password">${publicUrl}/forget-password</a> with this e-mail address, then sign in.</p>`
    : `<p>${escapeHtml(parentName)} has set your password and will give it to you.</p>`;
  return {
    to,
    subject: `Welcome to ${brand}`,
    text: `Hello ${child.firstName},\n\n${parentName} created a student account for you at ${brand}.\n\nSign in at ${publicUrl}/signin with ${to}.\n${passwordLine}\n\n${brand}`,
    html: layout(
      `Welcome, ${escapeHtml(child.firstName)}`,
      `<p>${escapeHtml(parentName)} created a student account for you at ${brand}.</p>
<p>Sign in at <a href="${publicUrl}/signin">${publicUrl}/signin</a> with ${escapeHtml(to)}.</p>${passwordHtml}`,
    ),
  };
}

/**
 * A parent asks the academy to tell their child how to sign in: the address, and where to choose a new password (the
 * reset sends its own code to this same address, so the mail itself grants nothing).
 */
export function childSignInMail(to: string, child: { firstName: string }, parentName: string, publicUrl: string): Mail {
  return {
    to,
    subject: `How to sign in to ${brand}`,
    text: `Hello ${child.firstName},\n\n${parentName} asked us to send you how to sign in to ${brand}.\n\nSign in at ${publicUrl}/signin with ${to}.\nForgot your password? Choose a new one at ${publicUrl}/forget-password with this e-mail address.\n\n${brand}`,
    html: layout(
      `Hello, ${escapeHtml(child.firstName)}`,
      `<p>${escapeHtml(parentName)} asked us to send you how to sign in to ${brand}.</p>
<p>Sign in at <a href="${publicUrl}/signin">${publicUrl}/signin</a> with ${escapeHtml(to)}.</p>
<p>Forgot your password? Choose a new one at <a href="${publicUrl}/forget-password">${publicUrl}/forget-password</a> with this e-mail address.</p>`,
    ),
  };
}

/** An invitation to link a parent and a student: the link carries the secret, which works once, for `days` days. */
export function invitationMail(
  to: string,
  inviterName: string,
  invites: 'parent' | 'student',
  link: string,
  days: number,
): Mail {
  const lead =
    invites === 'student'
      ? `${inviterName} invites you to link your student account to their parent account, so they can follow your learning.`
      : `${inviterName} invites you to follow their learning as their parent or guardian.`;
  const how =
    invites === 'student'
      ? 'Open the link, sign in with this e-mail address and accept.'
      : 'Open the link, sign in with this e-mail address or create a parent account with it, and accept.';
  return {
    to,
    subject: `${inviterName} invites you to ${brand}`,
    text: `${lead}\n\n${how}\n\n${link}\n\nThe link works once, for ${plural(days, 'day')}.\n\n${brand}`,
    html: layout(
      'You are invited',
      `<p>${escapeHtml(lead)}</p><p>${how}</p>
<p><a href="${link}" style="display:inline-block;background:#3b4cca;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:700">Open the invitation</a></p>
<p style="margin:0">The link works once, for ${plural(days, 'day')}.</p>`,
    ),
  };
}

/** One enrollment as the family's and the academy's mails name it. */
export interface MailedEnrollment {
  offeringTitle: string;
  studentName: string;
  studentEmail: string;
  buyerName: string;
  buyerEmail: string;
  /** As read: "$599", "CA$450", "Free". */
  amount: string;
  /** As read: "Card", "Pay at the academy", "Free". */
  method: string;
}

const enrollmentLines = (e: MailedEnrollment) => [
  `Course: ${e.offeringTitle}`,
  `Student: ${e.studentName}`,
  `Amount: ${e.amount}`,
  `Payment: ${e.method}`,
];

/** To whoever enrolled: the receipt of an enrollment that is now active. */
export function enrollmentReceiptMail(to: string, e: MailedEnrollment, academy: MailingAcademy): Mail {
  const lead = `Thank you. ${e.studentName} is enrolled in ${e.offeringTitle}, and the course is open now.`;
  const lines = enrollmentLines(e);
  return {
    to,
    subject: `Your receipt: ${e.offeringTitle} - ${academy.name}`,
    text: `${lead}\n\n${lines.join('\n')}\n\nQuestions? Write to ${academy.email} or call ${academy.phone}.\n\n${academy.name}`,
    html: layout(
      'Your receipt',
      `<p style="margin:0 0 16px">${escapeHtml(lead)}</p><p style="margin:0 0 16px">${lines.map(escapeHtml).join('<br>')}</p><p style="margin:0">Questions? Write to ${escapeHtml(academy.email)} or call ${escapeHtml(academy.phone)}.</p>`,
      escapeHtml(academy.name),
      'You receive this because you enrolled in a course at the academy.',
    ),
  };
}

/**
 * To whoever enrolled: how the student reaches the course. The student signs in with their own e-mail; one who has
 * never chosen a password (a child whose parent made the account without one) chooses it through Forgot password.
 */
export function enrollmentWelcomeMail(
  to: string,
  e: MailedEnrollment,
  publicUrl: string,
  academy: MailingAcademy,
): Mail {
  const self = to === e.studentEmail;
  const who = self ? 'You sign' : `${e.studentName} signs`;
  const signIn = `${who} in at ${publicUrl}/signin with ${e.studentEmail} and finds ${e.offeringTitle} on the dashboard.`;
  const password = `No password yet? Choose one at ${publicUrl}/forget-password (Forgot password) with ${e.studentEmail}.`;
  return {
    to,
    subject: `Welcome to ${e.offeringTitle} - ${academy.name}`,
    text: `${signIn}\n${password}\n\n${academy.name}`,
    html: layout(
      `Welcome to ${escapeHtml(e.offeringTitle)}`,
      `<p style="margin:0 0 16px">${escapeHtml(who)} in at <a href="${publicUrl}/signin">${publicUrl}/signin</a> with ${escapeHtml(e.studentEmail)} and finds ${escapeHtml(e.offeringTitle)} on the dashboard.</p><p style="margin:0">No password yet? Choose one at <a href="${publicUrl}/forget-password">${publicUrl}/forget-password</a> (Forgot password) with ${escapeHtml(e.studentEmail)}.</p>`,
      escapeHtml(academy.name),
      'You receive this because you enrolled in a course at the academy.',
    ),
  };
}

/** To whoever enrolled: the place is reserved, and opens once it is paid at the academy. */
export function enrollmentReservedMail(to: string, e: MailedEnrollment, academy: MailingAcademy): Mail {
  const lead = `${e.studentName}'s place in ${e.offeringTitle} is reserved. Please pay ${e.amount} at the academy; the course opens as soon as we mark it paid.`;
  const reach = `${academy.name}: ${academy.email}, ${academy.phone}.`;
  return {
    to,
    subject: `Reserved, pay at the academy: ${e.offeringTitle} - ${academy.name}`,
    text: `${lead}\n\n${enrollmentLines(e).join('\n')}\n\n${reach}`,
    html: layout(
      'Your place is reserved',
      `<p style="margin:0 0 16px">${escapeHtml(lead)}</p><p style="margin:0 0 16px">${enrollmentLines(e).map(escapeHtml).join('<br>')}</p><p style="margin:0">${escapeHtml(reach)}</p>`,
      escapeHtml(academy.name),
      'You receive this because you enrolled in a course at the academy.',
    ),
  };
}

/** To the academy: a new enrollment, active or waiting to be paid at the desk. */
export function enrollmentNoticeMail(
  to: string,
  e: MailedEnrollment,
  status: string,
  academy: MailingAcademy,
  listUrl: string,
): Mail {
  const lines = [...enrollmentLines(e), `Status: ${status}`, `Enrolled by: ${e.buyerName} (${e.buyerEmail})`];
  return {
    to,
    subject: `New enrollment: ${e.studentName} in ${e.offeringTitle}`,
    text: `A new enrollment.\n\n${lines.join('\n')}\n\nSee it in the enrollments list: ${listUrl}\n\n${academy.name}`,
    html: layout(
      'New enrollment',
      `<p style="margin:0 0 16px">${lines.map(escapeHtml).join('<br>')}</p><p style="margin:0"><a href="${listUrl}">Open the enrollments list</a>.</p>`,
      escapeHtml(academy.name),
      "You receive this because this address takes the academy's enrollment notices.",
    ),
  };
}

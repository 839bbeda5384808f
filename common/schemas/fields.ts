import { z } from 'zod';
import { CHANGE_PASSWORD_PATTERN, LIMITS, MESSAGES, PASSWORD_RULES, PHONE_PATTERN, birthdayProblem } from '../rules';
import { hiddenCharacterMessage, textProblem, unstorableMessage, type TextKind } from '../text';

/**
 * The check every text of every API input passes (`.superRefine(textRules(label, kind))`): what PostgreSQL cannot
 * store (NUL, lone surrogates) is refused with a message instead of failing the write, and plain text (`line`,
 * `lines`) refuses the controls and direction overrides that would make it show something other than it says.
 */
export function textRules(label: string, kind: TextKind) {
  return (value: string, ctx: z.RefinementCtx) => {
    const problem = textProblem(value, kind);
    if (problem)
      ctx.addIssue({
        code: 'custom',
        message: problem === 'unstorable' ? unstorableMessage(label) : hiddenCharacterMessage(label),
      });
  };
}

/** Lets a form's empty choice ('') mean "no value" for an optional field with its own messages. */
export function blankAsNull<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === '' || v === undefined ? null : v), schema.nullable());
}

/** A required, trimmed one-line text field with the academy's wording: "{label} is required". */
export function requiredText(label: string, max: number = LIMITS.shortText, kind: TextKind = 'line') {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .superRefine(textRules(label, kind));
}

/** An optional text field: absent, null and blank all mean "no value". */
export function optionalText(label: string, max: number = LIMITS.shortText, kind: TextKind = 'line') {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .superRefine(textRules(label, kind))
    .nullish()
    .transform((v) => (v ? v : null));
}

export const emailField = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(LIMITS.email, MESSAGES.emailInvalid)
  .pipe(z.email(MESSAGES.emailInvalid))
  .transform((e) => e.toLowerCase());

/** The sign-up and reset policy: each broken rule reports its own message. */
export const newPasswordField = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .max(LIMITS.password, `Password must be at most ${LIMITS.password} characters`)
  .superRefine((password, ctx) => {
    for (const rule of PASSWORD_RULES) {
      if (!rule.test(password)) ctx.addIssue({ code: 'custom', message: rule.message });
    }
  });

export const changePasswordNewField = z
  .string({ error: MESSAGES.newPasswordRequired })
  .min(1, MESSAGES.newPasswordRequired)
  .max(LIMITS.password, MESSAGES.newPasswordWeak)
  .regex(CHANGE_PASSWORD_PATTERN, MESSAGES.newPasswordWeak);

export const phoneField = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .regex(PHONE_PATTERN, MESSAGES.phoneInvalid);

export const birthdayField = z
  .string({ error: 'Birthday is required' })
  .trim()
  .min(1, 'Birthday is required')
  .superRefine((value, ctx) => {
    const problem = birthdayProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const idParam = z.object({ id: z.uuid('Not found') });

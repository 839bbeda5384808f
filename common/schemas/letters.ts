/** The contract of a parent's letters about a child: how often, when, and the next time one is sent. */
import { z } from 'zod';
import { isTimeZone, LETTER_FREQUENCIES, LETTER_MESSAGES } from '../rules/letters';

const M = LETTER_MESSAGES;

export const letterSettingsBody = z.object({
  frequency: z.enum(LETTER_FREQUENCIES, { error: M.frequencyInvalid }),
  weekday: z
    .number({ error: M.weekdayInvalid })
    .int(M.weekdayInvalid)
    .min(0, M.weekdayInvalid)
    .max(6, M.weekdayInvalid),
  hour: z.number({ error: M.hourInvalid }).int(M.hourInvalid).min(0, M.hourInvalid).max(23, M.hourInvalid),
  timeZone: z.string({ error: M.timeZoneInvalid }).trim().refine(isTimeZone, M.timeZoneInvalid),
});
export type LetterSettingsBody = z.input<typeof letterSettingsBody>;

export const letterSettingsReply = letterSettingsBody.extend({
  timeZone: z.string(),
  /** When the next letter leaves (ISO 8601), or null while they are off. */
  nextSendAt: z.string().nullable(),
  /**
   * Whether this period's letter is leaving now, before `nextSendAt`: its hour has already come (chosen after it, or
   * the letter is being sent) and it is not sent yet.
   */
  sendingNow: z.boolean(),
});
export type LetterSettingsReply = z.infer<typeof letterSettingsReply>;

export const letterSettingsSaved = z.object({ message: z.string(), settings: letterSettingsReply });

export const unsubscribeQuery = z.object({ token: z.string().max(200).default('') });

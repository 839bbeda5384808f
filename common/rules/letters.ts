/** How often a parent hears of a child by e-mail, and the words of its settings and its unsubscribe link. */
export const LETTER_FREQUENCIES = ['weekly', 'daily', 'off'] as const;
export type LetterFrequency = (typeof LETTER_FREQUENCIES)[number];

/** Sunday first, as JavaScript's getDay and PostgreSQL's `extract(dow ...)` count. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** What a parent who never chose gets: a letter on Sunday at six in the evening, UTC. */
export const LETTER_DEFAULTS = { frequency: 'weekly', weekday: 0, hour: 18, timeZone: 'UTC' } as const;

export const LETTER_MESSAGES = {
  frequencyInvalid: 'Choose weekly, daily or off.',
  weekdayInvalid: 'Choose a day of the week.',
  hourInvalid: 'Choose an hour from 0 to 23.',
  timeZoneInvalid: 'Choose a time zone from the list, such as America/Toronto.',
  saved: 'Letter settings saved.',
  sendingNow: 'A letter is on its way now, as its hour has come.',
  unsubscribed: 'You will no longer receive these letters. You can turn them on again from your dashboard.',
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid. Sign in to change your letters from your dashboard.',
} as const;

/** Whether a name is an IANA time zone this runtime knows (the server's and the browser's Intl agree on these). */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

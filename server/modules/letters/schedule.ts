import { WEEKDAY_NAMES, type LetterFrequency } from '../../../common/rules';

export interface LetterWhen {
  frequency: LetterFrequency;
  weekday: number;
  hour: number;
  timeZone: string;
}

const QUARTER_HOUR_MS = 15 * 60_000;

/** The weekday, hour and minute a clock in `timeZone` shows at `at`. */
function localClock(at: Date, timeZone: string): { weekday: number; hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    weekday: WEEKDAY_NAMES.findIndex((name) => name.startsWith(part('weekday'))),
    hour: Number(part('hour')),
    minute: Number(part('minute')),
  };
}

/**
 * The next moment after `now` at which the parent's clock reads the chosen hour on the chosen day (any day when
 * daily), or null while letters are off. Every zone's offset is a multiple of a quarter hour, so stepping by
 * quarter hours meets the hour exactly, across a change of daylight saving time too.
 */
export function nextSendAt(when: LetterWhen, now: Date): Date | null {
  if (when.frequency === 'off') return null;
  let at = Math.floor(now.getTime() / QUARTER_HOUR_MS) * QUARTER_HOUR_MS + QUARTER_HOUR_MS;
  for (let step = 0; step < 8 * 24 * 4 + 8; step++, at += QUARTER_HOUR_MS) {
    const clock = localClock(new Date(at), when.timeZone);
    if (
      clock.minute === 0 &&
      clock.hour === when.hour &&
      (when.frequency === 'daily' || clock.weekday === when.weekday)
    )
      return new Date(at);
  }
  return null;
}

/** The days a letter covers, ending the day before it is sent: the week, or the day. */
export const periodDays = (frequency: LetterFrequency): number => (frequency === 'daily' ? 1 : 7);

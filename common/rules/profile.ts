/** A person's profile fields: grades, genders, phone and birthday. */
import { MESSAGES } from './messages';

export const GRADES = ['K', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;
export type Grade = (typeof GRADES)[number];

export const GENDERS = ['male', 'female', 'other', 'prefer_not_to_say'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = {
  male: 'Male',
  female: 'Female',
  other: 'Other',
  prefer_not_to_say: 'Prefer not to say',
};

export const BIRTHDAY_MAX_YEARS = 100;

export const PHONE_PATTERN = /^\(\d{3}\) \d{3}-\d{4}$/;

/** Formats typed digits as (123) 456-7890 while the user types; extra digits are dropped. */
export function formatPhone(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 10);
  if (digits.length === 0) return '';
  if (digits.length < 4) return `(${digits}`;
  if (digits.length < 7) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** Returns the message for a birthday (YYYY-MM-DD) that breaks a rule, or null when it is fine. */
export function birthdayProblem(value: string, today: Date = new Date()): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return 'Please enter a valid date';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return 'Please enter a valid date';
  }
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (date.getTime() > todayUtc) return MESSAGES.birthdayFuture;
  const oldest = Date.UTC(today.getUTCFullYear() - BIRTHDAY_MAX_YEARS, today.getUTCMonth(), today.getUTCDate());
  if (date.getTime() < oldest) return MESSAGES.birthdayTooOld;
  return null;
}

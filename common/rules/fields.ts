/** Field lengths every form and route share. */

/** Longest text a plain field accepts; rich text has its own, larger limit. */
export const LIMITS = {
  email: 254,
  name: 100,
  shortText: 200,
  address: 500,
  password: 128,
} as const;

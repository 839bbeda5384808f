import { readFileSync } from 'node:fs';

/** The Big List of Naughty Strings: every text field stores each one byte for byte or refuses it with a 4xx. */
export const naughtyStrings: string[] = JSON.parse(readFileSync(new URL('./blns.json', import.meta.url), 'utf8'));

/** DOMPurify's XSS fixtures: every rich-text field must come out of the sanitizer harmless. */
export const xssPayloads: Array<{ title: string; payload: string }> = JSON.parse(readFileSync(new URL('./xss-payloads.json', import.meta.url), 'utf8'));

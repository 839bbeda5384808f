import { describe, expect, it } from 'vitest';
import { buildCalendar, escapeText, foldLine, icsTime } from './ics';

describe('iCalendar text', () => {
  it('escapes backslashes, semicolons, commas and line breaks, and drops other controls', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg\u0007h')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng' + 'h');
  });

  it('folds lines at 75 octets without splitting a character', () => {
    const line = `SUMMARY:${'é'.repeat(100)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(1);
    for (const [i, part] of folded.entries()) {
      expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
      if (i > 0) expect(part.startsWith(' ')).toBe(true);
    }
    expect(folded.map((part, i) => (i ? part.slice(1) : part)).join('')).toBe(line);
    expect(foldLine('short')).toBe('short');
  });

  it('writes UTC times and a calendar with one VEVENT per event, CRLF everywhere', () => {
    expect(icsTime(new Date('2026-12-01T17:05:09.123Z'))).toBe('20261201T170509Z');
    const text = buildCalendar(
      'Academy',
      [{ uid: 'due-1@x', start: new Date('2026-12-01T17:00:00Z'), summary: 'Due: A, B; C' }],
      new Date('2026-11-01T00:00:00Z'),
    );
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2.0\r\n/);
    expect(text).toContain(
      '\r\nBEGIN:VEVENT\r\nUID:due-1@x\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:20261201T170000Z\r\n',
    );
    expect(text).toContain('SUMMARY:Due: A\\, B\\; C\r\n');
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });
});

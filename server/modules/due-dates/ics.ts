/**
 * The few lines of iCalendar (RFC 5545) the calendar feed needs: text escaped (backslash, semicolon, comma, new
 * lines), lines folded at 75 octets without splitting a character, CRLF line ends, times in UTC.
 */

export interface IcsEvent {
  uid: string;
  start: Date;
  /** Omitted for a moment (a due date): the event then ends when it starts. */
  end?: Date;
  summary: string;
  description?: string;
}

/** A TEXT value: backslash, semicolon and comma escaped, every line break written as \n, other controls dropped. */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // Controls have no place in a TEXT value (the text rule refuses most of them on input already).
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, '')
  );
}

/** Folds a content line into lines of at most 75 octets, each continuation starting with a space. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const octets = encoder.encode(char).length;
    // The first line holds 75 octets; a continuation holds 74 after its leading space.
    const room = parts.length === 0 ? 75 : 74;
    if (size + octets > room) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += octets;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** 20261201T170000Z */
export function icsTime(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function buildCalendar(name: string, events: IcsEvent[], stamp: Date): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Math Academy//Due dates//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
  ];
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${icsTime(stamp)}`,
      `DTSTART:${icsTime(event.start)}`,
      ...(event.end ? [`DTEND:${icsTime(event.end)}`] : []),
      `SUMMARY:${escapeText(event.summary)}`,
      ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

import { useState } from 'react';
import { DUE_STATE_LABELS } from '@common/rules';
import type { CalendarEvent } from '@common/schemas/due-dates';
import { Calendar, calendarRange, startOfDay, type CalendarItem, type CalendarView } from '../../ui/Calendar';
import { Alert } from '../../ui/Alert';
import { useCalendarEvents } from './api';

const TONES = { open: 'info', done: 'success', late: 'warning', missing: 'danger' } as const;

/** An event as the calendar shows it: its status in words (Due, Late, Opens, Closes), the class it is for. */
export function toItem(event: CalendarEvent): CalendarItem {
  const status =
    event.kind === 'test-opens'
      ? 'Opens'
      : event.kind === 'test-closes'
        ? 'Closes'
        : DUE_STATE_LABELS[event.state ?? 'open'];
  return {
    id: event.id,
    at: event.at,
    title: event.title,
    status,
    tone: event.kind === 'due' ? TONES[event.state ?? 'open'] : event.kind === 'test-opens' ? 'muted' : 'warning',
    detail: event.className ?? undefined,
  };
}

/** The signed-in user's calendar: the month or week around the chosen day, read from the server as it moves. */
export function CalendarBoard({ label }: { label: string }) {
  const [today] = useState(() => new Date());
  // Phones open on the week, as a list; wider screens on the month.
  const [state, setState] = useState<{ view: CalendarView; day: Date }>(() => ({
    view: typeof window !== 'undefined' && window.matchMedia?.('(max-width: 720px)').matches ? 'week' : 'month',
    day: startOfDay(today),
  }));
  const { from, to } = calendarRange(state.view, state.day);
  const events = useCalendarEvents(from, to);
  return (
    <Calendar
      label={label}
      view={state.view}
      day={state.day}
      onChange={setState}
      today={today}
      items={(events.data ?? []).map(toItem)}
      status={
        events.isError ? (
          <Alert tone="error">{events.error.message}</Alert>
        ) : events.isPending ? (
          <p role="status">Loading your calendar...</p>
        ) : null
      }
    />
  );
}

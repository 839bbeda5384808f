import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Badge, toneClass } from './Badge';
import { Button } from './Button';
import styles from './Calendar.module.css';

export type CalendarView = 'month' | 'week';

/** One thing on a day: its moment, its words, and an optional status word drawn beside them (never color alone). */
export interface CalendarItem {
  id: string;
  at: string | Date;
  title: string;
  /** A short word such as "Due", "Late", "Opens": shown as text, the tone only repeats it. */
  status?: string;
  tone?: 'info' | 'success' | 'danger' | 'warning' | 'muted';
  /** More about it, under its title in the day's list (a class's name). */
  detail?: string;
}

export interface CalendarProps {
  /** Names the calendar for screen readers, e.g. "Your due dates". */
  label: string;
  view: CalendarView;
  /** The day that has the keyboard focus (and whose month or week is shown). */
  day: Date;
  onChange(next: { view: CalendarView; day: Date }): void;
  items: readonly CalendarItem[];
  today: Date;
  /** Shown in place of the grid's items while they load or when they failed. */
  status?: ReactNode;
}

/** Midnight (local) of the day of `d`. */
export const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
export const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
const startOfWeek = (d: Date) => addDays(startOfDay(d), -d.getDay());
const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;
const addMonths = (d: Date, n: number) => {
  const target = new Date(d.getFullYear(), d.getMonth() + n, 1);
  const last = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  return new Date(target.getFullYear(), target.getMonth(), Math.min(d.getDate(), last));
};

/** The days a view shows around `day`: whole weeks (Sunday first) over its month, or its one week. */
export function calendarRange(view: CalendarView, day: Date): { from: Date; to: Date } {
  if (view === 'week') {
    const from = startOfWeek(day);
    return { from, to: addDays(from, 7) };
  }
  const first = new Date(day.getFullYear(), day.getMonth(), 1);
  const last = new Date(day.getFullYear(), day.getMonth() + 1, 0);
  return { from: startOfWeek(first), to: addDays(startOfWeek(last), 7) };
}

const fullDay = (d: Date) =>
  d.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
const time = (d: Date) => d.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function heading(view: CalendarView, day: Date) {
  if (view === 'month') return day.toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
  const { from } = calendarRange('week', day);
  const to = addDays(from, 6);
  const short = (d: Date) => d.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
  return `${short(from)} – ${short(to)}, ${to.getFullYear()}`;
}

/**
 * A calendar of dated items by month (a grid of weeks) or by week (a list of days), with today marked in words as
 * well as by its look. The days are one tab stop: arrow keys move a day or a week, Home and End to the week's ends,
 * Page Up and Page Down a month; Enter or Space opens a day's items in the list under the grid (a click does too).
 * On a phone the month grid shows each day's count, and the week is a list.
 */
export function Calendar({ label, view, day, onChange, items, today, status }: CalendarProps) {
  const titleId = useId();
  const listId = useId();
  const [openDay, setOpenDay] = useState<Date | null>(null);
  const cells = useRef(new Map<string, HTMLButtonElement>());
  const moved = useRef(false);

  // The focus follows the day the keys moved to, once it is drawn (a move may change the month shown).
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    cells.current.get(dayKey(day))?.focus();
  }, [day, view]);

  const byDay = new Map<string, CalendarItem[]>();
  for (const item of [...items].sort((a, b) => new Date(a.at).getTime() - new Date(b.at).getTime())) {
    const key = dayKey(new Date(item.at));
    byDay.set(key, [...(byDay.get(key) ?? []), item]);
  }
  const itemsOf = (d: Date) => byDay.get(dayKey(d)) ?? [];

  const { from, to } = calendarRange(view, day);
  const days: Date[] = [];
  for (let d = from; d < to; d = addDays(d, 1)) days.push(d);
  const weeks: Date[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));

  const go = (next: Date, nextView: CalendarView = view, focus = false) => {
    moved.current = focus;
    onChange({ view: nextView, day: next });
  };
  const step = (direction: 1 | -1) => go(view === 'month' ? addMonths(day, direction) : addDays(day, 7 * direction));

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, d: Date) => {
    const moves: Record<string, () => Date> = {
      ArrowLeft: () => addDays(d, -1),
      ArrowRight: () => addDays(d, 1),
      ArrowUp: () => addDays(d, -7),
      ArrowDown: () => addDays(d, 7),
      Home: () => startOfWeek(d),
      End: () => addDays(startOfWeek(d), 6),
      PageUp: () => addMonths(d, -1),
      PageDown: () => addMonths(d, 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    go(move(), view, true);
  };

  const cellName = (d: Date) => {
    const count = itemsOf(d).length;
    return [fullDay(d), sameDay(d, today) ? 'today' : null, count ? plural(count, 'item') : 'nothing due']
      .filter(Boolean)
      .join(', ');
  };

  const dayButton = (d: Date, className: string, children: ReactNode) => (
    <button
      type="button"
      ref={(el) => {
        if (el) cells.current.set(dayKey(d), el);
        else cells.current.delete(dayKey(d));
      }}
      className={className}
      tabIndex={sameDay(d, day) ? 0 : -1}
      aria-label={cellName(d)}
      aria-current={sameDay(d, today) ? 'date' : undefined}
      aria-pressed={openDay ? sameDay(d, openDay) : false}
      aria-controls={listId}
      onKeyDown={(e) => onKeyDown(e, d)}
      onFocus={() => {
        if (!sameDay(d, day)) onChange({ view, day: d });
      }}
      onClick={() => {
        setOpenDay(d);
        if (!sameDay(d, day)) onChange({ view, day: d });
      }}
    >
      {children}
    </button>
  );

  const shown = openDay ?? day;
  const shownItems = itemsOf(shown);

  return (
    <section className={styles.calendar} aria-labelledby={titleId}>
      <div className={styles.toolbar}>
        <h2 id={titleId} className={styles.title} aria-live="polite">
          <span className={styles.hidden}>{label}: </span>
          {heading(view, day)}
        </h2>
        <div className={styles.controls}>
          <div className={styles.group} role="group" aria-label="Move">
            <Button variant="secondary" size="sm" icon={ChevronLeft} onClick={() => step(-1)}>
              <span className={styles.hidden}>Previous {view}</span>
            </Button>
            <Button variant="secondary" size="sm" onClick={() => go(startOfDay(today))}>
              Today
            </Button>
            <Button variant="secondary" size="sm" icon={ChevronRight} onClick={() => step(1)}>
              <span className={styles.hidden}>Next {view}</span>
            </Button>
          </div>
          <div className={styles.group} role="group" aria-label="View">
            {(['month', 'week'] as const).map((v) => (
              <Button
                key={v}
                variant={view === v ? 'primary' : 'secondary'}
                size="sm"
                aria-pressed={view === v}
                onClick={() => go(day, v)}
              >
                {v === 'month' ? 'Month' : 'Week'}
              </Button>
            ))}
          </div>
        </div>
      </div>
      {status}
      {view === 'month' ? (
        <table className={styles.month} role="grid" aria-labelledby={titleId}>
          <thead>
            <tr>
              {WEEKDAYS.map((w) => (
                <th key={w} scope="col" abbr={w}>
                  <span aria-hidden="true">{w.slice(0, 3)}</span>
                  <span className={styles.hidden}>{w}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={dayKey(week[0])}>
                {week.map((d) => {
                  const list = itemsOf(d);
                  const classes = [
                    styles.cell,
                    d.getMonth() !== day.getMonth() ? styles.outside : '',
                    sameDay(d, today) ? styles.today : '',
                    openDay && sameDay(d, openDay) ? styles.open : '',
                  ].join(' ');
                  return (
                    <td key={dayKey(d)} role="gridcell">
                      {dayButton(
                        d,
                        classes,
                        <>
                          <span className={styles.date} aria-hidden="true">
                            {d.getDate()}
                            {sameDay(d, today) ? <span className={styles.todayWord}>Today</span> : null}
                          </span>
                          {list.length ? (
                            <span className={styles.count} aria-hidden="true">
                              {list.length}
                            </span>
                          ) : null}
                          <span className={styles.previews} aria-hidden="true">
                            {list.slice(0, 2).map((item) => (
                              <span key={item.id} className={`${styles.preview} ${toneClass(item.tone ?? 'info')}`}>
                                {item.status ? `${item.status}: ` : ''}
                                {item.title}
                              </span>
                            ))}
                            {list.length > 2 ? <span className={styles.more}>+{list.length - 2} more</span> : null}
                          </span>
                        </>,
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <ol className={styles.week} aria-labelledby={titleId}>
          {days.map((d) => {
            const list = itemsOf(d);
            return (
              <li key={dayKey(d)} className={sameDay(d, today) ? `${styles.weekDay} ${styles.today}` : styles.weekDay}>
                {dayButton(
                  d,
                  styles.weekHead,
                  <span aria-hidden="true">
                    {d.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric' })}
                    {sameDay(d, today) ? <span className={styles.todayWord}>Today</span> : null}
                  </span>,
                )}
                {list.length ? (
                  <ul className={styles.items}>{list.map((item) => itemRow(item))}</ul>
                ) : (
                  <p className={styles.nothing}>Nothing due</p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {view === 'month' ? (
        <section id={listId} className={styles.dayList} aria-live="polite" aria-label={`Items on ${fullDay(shown)}`}>
          <h3 className={styles.dayTitle}>{fullDay(shown)}</h3>
          {shownItems.length ? (
            <ul className={styles.items}>{shownItems.map((item) => itemRow(item))}</ul>
          ) : (
            <p className={styles.nothing}>Nothing due on this day.</p>
          )}
        </section>
      ) : (
        <span id={listId} hidden />
      )}
    </section>
  );
}

function itemRow(item: CalendarItem) {
  return (
    <li key={item.id} className={styles.item}>
      <time className={styles.time} dateTime={new Date(item.at).toISOString()}>
        {time(new Date(item.at))}
      </time>
      {item.status ? <Badge tone={item.tone}>{item.status}</Badge> : null}
      <span className={styles.itemTitle}>
        {item.title}
        {item.detail ? <span className={styles.detail}>{item.detail}</span> : null}
      </span>
    </li>
  );
}

import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LETTER_FREQUENCIES, LETTER_MESSAGES, WEEKDAY_NAMES, type LetterFrequency } from '@common/rules';
import type { LetterSettingsBody, LetterSettingsReply } from '@common/schemas/letters';
import { api, errorMessage } from '../../api/client';
import { Button } from '../../ui/Button';
import { SelectField } from '../../ui/Field';
import { PageState } from '../../ui/PageState';
import { dashboardKeys } from './api';
import styles from './dashboard.module.css';

const FAILED = 'The letter settings could not be loaded or saved. Please try again.';
const letterPath = (id: string) => `/parent/children/${encodeURIComponent(id)}/letter`;
const FREQUENCY_LABELS: Record<LetterFrequency, string> = { weekly: 'Weekly', daily: 'Daily', off: 'Off' };
const HOURS = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: new Date(Date.UTC(2026, 0, 1, hour)).toLocaleTimeString('en-US', { hour: 'numeric', timeZone: 'UTC' }),
}));
const zones = (current: string) => {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', current, ...known])].map((zone) => ({ value: zone, label: zone }));
};

/** When the next letter leaves, in the parent's words and clock. */
function nextText(settings: LetterSettingsReply): string {
  if (!settings.nextSendAt) return 'Letters are off.';
  const at = new Date(settings.nextSendAt).toLocaleString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: settings.timeZone,
  });
  const next = `Next letter: ${at} (${settings.timeZone}).`;
  return settings.sendingNow ? `${LETTER_MESSAGES.sendingNow} ${next}` : next;
}

/** A parent's letter about one child: how often, which day and hour in their time zone, and when the next leaves. */
export function WeeklyLetterCard({ childId, name }: { childId: string; name: string }) {
  const client = useQueryClient();
  const key = [...dashboardKeys.child(childId), 'letter'] as const;
  const settings = useQuery({
    queryKey: key,
    queryFn: () => api.get<LetterSettingsReply>(letterPath(childId), FAILED),
  });
  const [edited, setForm] = useState<LetterSettingsBody | null>(null);
  const [message, setMessage] = useState('');
  const save = useMutation({
    mutationFn: (body: LetterSettingsBody) =>
      api.put<{ message: string; settings: LetterSettingsReply }>(letterPath(childId), body, FAILED),
    onSuccess: (reply) => {
      client.setQueryData(key, reply.settings);
      setMessage(reply.message);
    },
  });
  if (settings.isPending) return <PageState compact kind="loading" title="Loading the letter settings..." />;
  if (settings.isError)
    return (
      <PageState
        compact
        kind="error"
        title={errorMessage(settings.error, FAILED)}
        action={<Button onClick={() => void settings.refetch()}>Try again</Button>}
      />
    );
  // Until the parent changes something, the saved choice, in the browser's own zone when none was chosen.
  const { nextSendAt: _next, sendingNow: _sending, ...saved } = settings.data;
  const form =
    edited ??
    (saved.timeZone === 'UTC'
      ? { ...saved, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' }
      : saved);
  const set = (change: Partial<LetterSettingsBody>) => {
    setMessage('');
    setForm({ ...form, ...change });
  };
  return (
    <article className={styles.panel} aria-label="Weekly letter">
      <h2>Weekly letter</h2>
      <p className={styles.muted}>
        An e-mail about {name}&apos;s week: time spent, questions solved, skills, tests and what is due.
      </p>
      <form
        className={styles.letterForm}
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(form);
        }}
      >
        <SelectField
          label="How often"
          value={form.frequency}
          options={LETTER_FREQUENCIES.map((f) => ({ value: f, label: FREQUENCY_LABELS[f] }))}
          onChange={(event) => set({ frequency: event.target.value as LetterFrequency })}
        />
        {form.frequency === 'weekly' ? (
          <SelectField
            label="Day"
            value={String(form.weekday)}
            options={WEEKDAY_NAMES.map((day, index) => ({ value: String(index), label: day }))}
            onChange={(event) => set({ weekday: Number(event.target.value) })}
          />
        ) : null}
        {form.frequency !== 'off' ? (
          <>
            <SelectField
              label="Hour"
              value={String(form.hour)}
              options={HOURS}
              onChange={(event) => set({ hour: Number(event.target.value) })}
            />
            <SelectField
              label="Time zone"
              value={form.timeZone}
              options={zones(form.timeZone)}
              onChange={(event) => set({ timeZone: event.target.value })}
            />
          </>
        ) : null}
        <Button type="submit" disabled={save.isPending}>
          Save letter settings
        </Button>
      </form>
      <p role="status" className={`${styles.muted} ${styles.letterStatus}`}>
        {save.isError
          ? errorMessage(save.error, FAILED)
          : message
            ? `${message} ${nextText(settings.data)}`
            : nextText(settings.data)}
      </p>
    </article>
  );
}

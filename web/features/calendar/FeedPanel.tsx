import { useId, useState } from 'react';
import { CalendarPlus, Copy, Link2Off } from 'lucide-react';
import { errorMessage } from '../../api/client';
import { Button } from '../../ui/Button';
import { PageCard } from '../../ui/PageFrame';
import { Toast, useNotify } from '../../ui/Toast';
import { useFeedActions, useFeedStatus } from './api';
import styles from './calendar.module.css';

/**
 * The calendar link: a secret address Google Calendar or Apple Calendar subscribes to. The server shows it once,
 * when it is made; making a new one turns the old one off, and turning it off stops every app that had it.
 */
export function FeedPanel() {
  const titleId = useId();
  const status = useFeedStatus();
  const { make, revoke } = useFeedActions();
  const notify = useNotify();
  const [url, setUrl] = useState<string | null>(null);

  const create = () =>
    make.mutate(undefined, {
      onSuccess: ({ path }) => {
        setUrl(`${window.location.origin}${path}`);
        notify.success('Your calendar link is ready. Copy it now: it is shown only once.');
      },
      onError: (e) => notify.error(errorMessage(e, 'Failed to make your calendar link')),
    });
  const turnOff = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        notify.success('Your calendar link is turned off. Apps that had it no longer receive updates.');
      },
      onError: (e) => notify.error(errorMessage(e, 'Failed to turn off your calendar link')),
    });
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      notify.success('Link copied.');
    } catch {
      notify.error('Copy did not work here: select the link and copy it.');
    }
  };

  const exists = status.data?.exists ?? false;
  return (
    <PageCard aria-labelledby={titleId} className={styles.feed}>
      <h2 id={titleId} className={styles.feedTitle}>
        Add to your own calendar
      </h2>
      <p className={styles.muted}>
        Make a private link and subscribe to it: in Google Calendar, choose Other calendars, then From URL, and paste
        it; on an iPhone or a Mac, in Calendar choose File (or Settings, Calendar, Accounts), then New Calendar
        Subscription. Your calendar app then shows your due dates and test windows and checks for changes every few
        hours. Anyone with the link can read them: turn it off if you shared it by mistake.
      </p>
      {status.isError ? <p className={styles.muted}>{status.error.message}</p> : null}
      {url ? (
        <div className={styles.feedUrl}>
          <label htmlFor={`${titleId}-url`} className={styles.feedLabel}>
            Your calendar link (shown only now)
          </label>
          <input
            id={`${titleId}-url`}
            className={styles.urlInput}
            readOnly
            value={url}
            onFocus={(e) => e.target.select()}
          />
        </div>
      ) : exists ? (
        <p className={styles.muted}>
          You have a calendar link. For your safety it is not shown again: make a new one to see it (the old one stops
          working).
        </p>
      ) : null}
      <div className={styles.feedActions}>
        {url ? (
          <Button icon={Copy} onClick={() => void copy()}>
            Copy link
          </Button>
        ) : null}
        <Button
          variant={url ? 'secondary' : 'primary'}
          icon={CalendarPlus}
          onClick={create}
          aria-disabled={make.isPending || undefined}
        >
          {exists || url ? 'Make a new link' : 'Make a calendar link'}
        </Button>
        {exists || url ? (
          <Button variant="danger" icon={Link2Off} onClick={turnOff} aria-disabled={revoke.isPending || undefined}>
            Turn off link
          </Button>
        ) : null}
      </div>
      <Toast notice={notify.notice} />
    </PageCard>
  );
}

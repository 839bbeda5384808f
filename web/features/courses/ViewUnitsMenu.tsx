import { useEffect, useId, useRef, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import type { Course } from '@common/schemas/courses';
import { Button } from '../../ui/Button';
import { useUnits } from './api';
import { failureText, formatDate } from './messages';
import styles from './courses.module.css';

/** The View Units dropdown: basic info, total units, latest unit, the units, dates, and the status (always Active). */
export function ViewUnitsMenu({ course }: { course: Course }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const units = useUnits(open ? course.id : null);

  useEffect(() => {
    if (!open) return;
    const outside = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  const list = units.data ?? [];
  const latest = list.reduce<(typeof list)[number] | null>((a, u) => (!a || u.createdAt > a.createdAt ? u : a), null);
  return (
    <div className={styles.menu} ref={root}>
      <Button
        size="sm"
        variant="secondary"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        View Units <ChevronDown size={16} aria-hidden="true" />
      </Button>
      {open ? (
        <div id={panelId} className={styles.menuPanel} role="region" aria-label={`Units of ${course.title}`}>
          <h3 className={styles.menuHeading}>Basic Info</h3>
          <dl className={styles.facts}>
            <dt>Title</dt>
            <dd>{course.title}</dd>
            <dt>Code</dt>
            <dd>{course.code}</dd>
            <dt>Total Units</dt>
            <dd>{course.unitCount}</dd>
            <dt>Latest Unit</dt>
            <dd>{units.isPending ? '...' : latest ? latest.title : 'None yet'}</dd>
            <dt>Created</dt>
            <dd>{formatDate(course.createdAt)}</dd>
            <dt>Updated</dt>
            <dd>{formatDate(course.updatedAt)}</dd>
            <dt>Status</dt>
            <dd>
              <span className={styles.status}>Active</span>
            </dd>
          </dl>
          <h3 className={styles.menuHeading}>Units</h3>
          {units.isPending ? <p className={styles.muted}>Loading units...</p> : null}
          {units.isError ? <p className={styles.errorText}>{failureText(units.error, 'load', 'unit')}</p> : null}
          {units.isSuccess && list.length === 0 ? <p className={styles.muted}>No units available</p> : null}
          {list.length ? (
            <ol className={styles.menuList}>
              {list.map((u) => (
                <li key={u.id}>
                  Unit {u.unitNumber}: {u.title}
                </li>
              ))}
            </ol>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Eye, Upload } from 'lucide-react';
import {
  EXCHANGE_FORMATS,
  EXCHANGE_FORMAT_LABELS,
  EXCHANGE_MAX_FILE_BYTES,
  EXCHANGE_MESSAGES,
  type ExchangeFormat,
  type ExchangePreviewItem,
  type ExchangePreviewReply,
} from '@common/schemas/exchange';
import { plural } from '@common/rules';
import { errorMessage } from '../../../api/client';
import { paths } from '../../../paths';
import { Alert } from '../../../ui/Alert';
import { Breadcrumb } from '../../../ui/Breadcrumb';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { SelectField } from '../../../ui/Field';
import { FileField } from '../../../ui/FileField';
import { ProgressBar } from '../../../ui/ProgressBar';
import { tagOptions, useTags } from '../api';
import { GRADE_OPTIONS } from '../BankFilters';
import { MESSAGES } from '../messages';
import { importedState, useImportFile, usePreviewFile, type ImportDefaults } from './api';
import { PreviewCard } from './PreviewCard';
import { IMPORT_TEXTS, previewSummary } from './texts';
import styles from './exchange.module.css';

type Need = keyof ExchangePreviewReply['needs'];
type Action = 'preview' | 'import';

const NEEDS: Array<{ need: Need; label: string; placeholder: string; missing: string; lacks: (i: Ok) => boolean }> = [
  {
    need: 'grade',
    label: 'Grade',
    placeholder: 'Choose a grade',
    missing: EXCHANGE_MESSAGES.chooseGrade,
    lacks: (i) => i.grade === null,
  },
  {
    need: 'category',
    label: 'Category',
    placeholder: 'Choose a category',
    missing: EXCHANGE_MESSAGES.chooseCategory,
    lacks: (i) => i.categories.length === 0,
  },
  {
    need: 'focus',
    label: 'Focus area',
    placeholder: 'Choose a focus area',
    missing: EXCHANGE_MESSAGES.chooseFocus,
    lacks: (i) => i.focusAreas.length === 0,
  },
];
type Ok = Extract<ExchangePreviewItem, { ok: true }>;
const NO_DEFAULTS: ImportDefaults = { grade: '', category: '', focus: '' };
const lowercased = (names: readonly string[]) => new Set(names.map((n) => n.toLowerCase()));

/**
 * /question-bank/import: a file of questions read into a preview (nothing stored), the questions to keep ticked,
 * what the file leaves out chosen, then the same file sent again to import the kept questions, all or nothing.
 * A refusal keeps the file, the ticks and the choices, so the author corrects one thing and tries again.
 */
export default function ImportQuestionsPage() {
  const navigate = useNavigate();
  const previewing = usePreviewFile();
  const importing = useImportFile();
  const categories = useTags('category');
  const focusAreas = useTags('focus');

  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [format, setFormat] = useState<ExchangeFormat | ''>('');
  const [preview, setPreview] = useState<ExchangePreviewReply | null>(null);
  /** The importable questions unticked, by number: a new preview starts with every one ticked. */
  const [unticked, setUnticked] = useState<ReadonlySet<number>>(new Set());
  const [defaults, setDefaults] = useState<ImportDefaults>(NO_DEFAULTS);
  const [defaultErrors, setDefaultErrors] = useState<Partial<Record<Need, string>>>({});
  const [busy, setBusy] = useState<{ action: Action; sent: number } | null>(null);
  const [failure, setFailure] = useState<{ action: Action; text: string } | null>(null);

  // Leaving the page stops an upload under way: its answer would land on a page no longer there.
  const upload = useRef<AbortController | null>(null);
  useEffect(() => () => upload.current?.abort(), []);
  const start = (action: Action) => {
    upload.current = new AbortController();
    setFailure(null);
    setBusy({ action, sent: 0 });
    return {
      signal: upload.current.signal,
      onProgress: (sent: number) => setBusy((b) => (b ? { ...b, sent } : b)),
    };
  };
  const fail = (action: Action, error: unknown, fallback: string) => {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    setFailure({ action, text: errorMessage(error, fallback) });
  };

  // A preview read moves the reader to it: it appears below what they were using, out of sight on a phone.
  const previewHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (preview) previewHeading.current?.focus();
  }, [preview]);

  const items = useMemo(() => preview?.items ?? [], [preview]);
  const importable = useMemo(() => items.filter((i): i is Ok => i.ok), [items]);
  const chosen = importable.filter((i) => !unticked.has(i.number));
  const newCategories = useMemo(() => lowercased(preview?.newCategories ?? []), [preview]);
  const newFocusAreas = useMemo(() => lowercased(preview?.newFocusAreas ?? []), [preview]);
  /**
   * The choices the server asks for, each required while a ticked question lacks it. Should no question visibly
   * lack one the server asks for, the server's word stands.
   */
  const asked = NEEDS.filter(({ need }) => preview?.needs[need]);
  const required = (n: (typeof NEEDS)[number]) => !importable.some(n.lacks) || chosen.some(n.lacks);

  const chooseFile = (next: File | null) => {
    setFile(next);
    setFileError(next && next.size > EXCHANGE_MAX_FILE_BYTES ? EXCHANGE_MESSAGES.fileTooLarge : undefined);
    setPreview(null);
    setFailure(null);
  };

  const runPreview = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!file) return setFileError(EXCHANGE_MESSAGES.noFile);
    if (file.size > EXCHANGE_MAX_FILE_BYTES) return setFileError(EXCHANGE_MESSAGES.fileTooLarge);
    try {
      const reply = await previewing.mutateAsync({ file, format, ...start('preview') });
      setPreview(reply);
      setUnticked(new Set());
      setDefaultErrors({});
    } catch (error) {
      fail('preview', error, MESSAGES.fileReadFailed);
    } finally {
      setBusy(null);
    }
  };

  const runImport = async () => {
    if (busy || !file || !preview || chosen.length === 0) return;
    const missing = Object.fromEntries(
      asked.filter((n) => required(n) && !defaults[n.need]).map((n) => [n.need, n.missing]),
    );
    setDefaultErrors(missing);
    if (Object.keys(missing).length > 0) return;
    const keep = new Set(chosen.map((i) => i.number));
    const given = (need: Need) => (asked.some((n) => n.need === need) ? defaults[need] : '');
    try {
      const reply = await importing.mutateAsync({
        file,
        choices: {
          format: preview.format,
          name: file.name,
          skip: items.filter((i) => !keep.has(i.number)).map((i) => i.number),
          grade: given('grade'),
          category: given('category'),
          focus: given('focus'),
        },
        ...start('import'),
      });
      navigate(paths.questionBank, { state: importedState(reply.message) });
    } catch (error) {
      fail('import', error, MESSAGES.importFailed);
    } finally {
      setBusy(null);
    }
  };

  const toggle = (number: number, on: boolean) =>
    setUnticked((was) => {
      const next = new Set(was);
      if (on) next.delete(number);
      else next.add(number);
      return next;
    });

  const progress = (action: Action) =>
    busy?.action !== action ? null : busy.sent < 1 ? (
      <ProgressBar
        label="Sending the file"
        value={Math.round(busy.sent * 100)}
        max={100}
        text={IMPORT_TEXTS.sending(Math.round(busy.sent * 100))}
      />
    ) : (
      <ProgressBar label={action === 'preview' ? IMPORT_TEXTS.reading : IMPORT_TEXTS.importing} />
    );
  const failed = (action: Action) => (failure?.action === action ? <Alert tone="error">{failure.text}</Alert> : null);

  return (
    <div className={styles.page}>
      <Breadcrumb trail={[{ label: 'Question Bank', to: paths.questionBank }, { label: IMPORT_TEXTS.title }]} />
      <h1 className={styles.title}>{IMPORT_TEXTS.title}</h1>
      <p className={styles.lead}>
        Read a file of questions from Moodle or another platform. You see every question before anything is saved, and
        choose which to import.
      </p>

      <form className={styles.panel} onSubmit={(e) => void runPreview(e)} noValidate aria-label="File to preview">
        <FileField
          label={IMPORT_TEXTS.fileLabel}
          accept=".xml,.gift,.txt,.zip"
          file={file}
          onChange={chooseFile}
          hint={IMPORT_TEXTS.fileHint}
          error={fileError}
          disabled={busy !== null}
        />
        <SelectField
          label={IMPORT_TEXTS.formatLabel}
          options={[
            { value: '', label: IMPORT_TEXTS.detect },
            ...EXCHANGE_FORMATS.map((f) => ({ value: f, label: EXCHANGE_FORMAT_LABELS[f] })),
          ]}
          value={format}
          disabled={busy !== null}
          onChange={(e) => {
            setFormat(e.target.value as ExchangeFormat | '');
            setPreview(null);
          }}
        />
        <div className={styles.actions}>
          <Button type="submit" icon={Eye} aria-disabled={busy !== null || undefined}>
            {IMPORT_TEXTS.preview}
          </Button>
        </div>
        {progress('preview')}
        {failed('preview')}
      </form>

      {preview ? (
        <section className={styles.preview} aria-labelledby="import-preview-title">
          <h2 id="import-preview-title" className={styles.sectionTitle} ref={previewHeading} tabIndex={-1}>
            {file ? `Preview of ${file.name}` : 'Preview'}
          </h2>
          {items.length === 0 ? (
            <EmptyState
              title={IMPORT_TEXTS.empty}
              text="Check that it is the file you meant, or choose its format above."
            />
          ) : (
            <>
              <p className={styles.summary} role="status">
                {previewSummary(items)}
              </p>
              {preview.newCategories.length > 0 ? (
                <p className={styles.created}>New categories: {preview.newCategories.join(', ')}</p>
              ) : null}
              {preview.newFocusAreas.length > 0 ? (
                <p className={styles.created}>New focus areas: {preview.newFocusAreas.join(', ')}</p>
              ) : null}
              {importable.length > 0 ? (
                <div className={styles.actions}>
                  <Button size="sm" variant="secondary" onClick={() => setUnticked(new Set())} disabled={!!busy}>
                    {IMPORT_TEXTS.tickAll}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setUnticked(new Set(importable.map((i) => i.number)))}
                    disabled={!!busy}
                  >
                    {IMPORT_TEXTS.untickAll}
                  </Button>
                  <span className={styles.count}>
                    {chosen.length} of {importable.length} chosen
                  </span>
                </div>
              ) : null}
              <ol className={styles.cards} aria-label="Questions in the file">
                {items.map((item) => (
                  <PreviewCard
                    key={item.number}
                    item={item}
                    chosen={!unticked.has(item.number)}
                    onChoose={(on) => toggle(item.number, on)}
                    newCategories={newCategories}
                    newFocusAreas={newFocusAreas}
                    disabled={!!busy}
                  />
                ))}
              </ol>

              {asked.length > 0 ? (
                <section className={styles.panel} aria-labelledby="import-defaults-title">
                  <h2 id="import-defaults-title" className={styles.sectionTitle}>
                    For questions the file leaves without them
                  </h2>
                  {categories.isError || focusAreas.isError ? (
                    <Alert tone="error">{MESSAGES.tagsLoadFailed}</Alert>
                  ) : null}
                  <div className={styles.defaults}>
                    {asked.map((n) => {
                      const lacking = chosen.filter(n.lacks).length;
                      return (
                        <SelectField
                          key={n.need}
                          label={n.label}
                          placeholder={n.placeholder}
                          required={required(n)}
                          aria-required={required(n)}
                          options={
                            n.need === 'grade'
                              ? GRADE_OPTIONS
                              : tagOptions((n.need === 'category' ? categories : focusAreas).data)
                          }
                          value={defaults[n.need]}
                          error={defaultErrors[n.need]}
                          hint={lacking > 0 ? `For ${plural(lacking, 'chosen question')}.` : undefined}
                          disabled={!!busy}
                          onChange={(e) => {
                            const value = e.target.value;
                            setDefaults((d) => ({ ...d, [n.need]: value }));
                            setDefaultErrors(({ [n.need]: _, ...rest }) => rest);
                          }}
                        />
                      );
                    })}
                  </div>
                </section>
              ) : null}

              <div className={styles.importBar}>
                <Button
                  icon={Upload}
                  aria-disabled={chosen.length === 0 || busy !== null || undefined}
                  onClick={() => void runImport()}
                >
                  {IMPORT_TEXTS.importButton(chosen.length)}
                </Button>
                {chosen.length === 0 ? (
                  <p className={styles.nothing} role="status">
                    {EXCHANGE_MESSAGES.nothingChosen}
                  </p>
                ) : null}
              </div>
              {progress('import')}
              {failed('import')}
            </>
          )}
        </section>
      ) : null}
    </div>
  );
}

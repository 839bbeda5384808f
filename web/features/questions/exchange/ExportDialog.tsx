import { useState } from 'react';
import { Download } from 'lucide-react';
import { plural } from '@common/rules';
import {
  EXCHANGE_FORMATS,
  EXCHANGE_FORMAT_LABELS,
  type ExchangeExportInput,
  type ExchangeFormat,
} from '@common/schemas/exchange';
import { errorMessage } from '../../../api/client';
import { downloadFile } from '../../../api/download';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { RadioGroup } from '../../../ui/RadioGroup';
import { MESSAGES } from '../messages';
import { useExportQuestions } from './api';
import styles from './exchange.module.css';

/** What is exported: questions chosen in the bank, a saved test's (named in the dialog), or every one matching filters. */
export type ExportTarget =
  | { questionIds: string[] }
  | { testId: string; name: string }
  | { filters: NonNullable<ExchangeExportInput['filters']> };

/** The export's body for a target: the dialog's own words about it stay out. */
function targetBody(target: ExportTarget) {
  if ('testId' in target) return { testId: target.testId };
  if ('filters' in target) return { filters: target.filters };
  return { questionIds: target.questionIds };
}

interface ExportDialogProps {
  target: ExportTarget;
  /** How many questions the target holds, for the title; null when the bank's count of its matches is not exact. */
  count: number | null;
  onClose(): void;
  /** The file is saved and the format carried everything: the dialog's owner tells it and closes it. */
  onExported(message: string): void;
}

export const exportedMessage = (count: number) => `Exported ${plural(count, 'question')}`;

const FORMAT_OPTIONS = EXCHANGE_FORMATS.map((value) => ({ value, label: EXCHANGE_FORMAT_LABELS[value] }));

/**
 * Questions saved as a file of one format. A format that cannot carry all of a question (GIFT has no images, say)
 * still gives its file, and the dialog stays open to say what was left behind, so the author may pick another.
 */
export function ExportDialog({ target, count, onClose, onExported }: ExportDialogProps) {
  const [format, setFormat] = useState<ExchangeFormat>('moodle');
  const [lost, setLost] = useState<{ format: ExchangeFormat; sentences: string[]; count: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const exporting = useExportQuestions();

  const run = async () => {
    if (exporting.isPending) return;
    setError(null);
    setLost(null);
    try {
      const reply = await exporting.mutateAsync({
        format,
        ...targetBody(target),
      });
      downloadFile(reply.fileName, reply.mime, reply.base64);
      if (reply.lost.length > 0) setLost({ format, sentences: reply.lost, count: reply.count });
      else onExported(exportedMessage(reply.count));
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.exportFailed));
    }
  };

  return (
    <Dialog
      open
      title={count === null ? 'Export the matching questions' : `Export ${plural(count, 'question')}`}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {lost ? 'Done' : 'Cancel'}
          </Button>
          <Button icon={Download} onClick={() => void run()} aria-disabled={exporting.isPending || undefined}>
            {exporting.isPending ? 'Exporting…' : 'Export'}
          </Button>
        </>
      }
    >
      {'testId' in target ? <p className={styles.from}>The questions of the test “{target.name}”.</p> : null}
      {'filters' in target ? <p className={styles.from}>Every question matching the bank&apos;s filters.</p> : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <RadioGroup
        legend="Format"
        options={FORMAT_OPTIONS}
        value={format}
        onChange={(next) => {
          setFormat(next);
          setLost(null);
        }}
        disabled={exporting.isPending}
      />
      {lost ? (
        <div role="status">
          <p>{`${exportedMessage(lost.count)}: the file is saved.`}</p>
          <p className={styles.lostTitle} id="export-lost-title">
            Not carried by {EXCHANGE_FORMAT_LABELS[lost.format]}:
          </p>
          <ul className={styles.lost} aria-labelledby="export-lost-title">
            {lost.sentences.map((sentence, i) => (
              <li key={i}>{sentence}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </Dialog>
  );
}

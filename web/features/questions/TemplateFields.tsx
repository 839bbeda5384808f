import { useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { describeKey } from '@common/question-types';
import { TEMPLATE_LIMITS } from '@common/rules/templates';
import type { VariantPreviewReply } from '@common/schemas/questions';
import { errorMessage } from '../../api/client';
import { MathText } from '../../math/MathText';
import { RichText } from '../../math/RichText';
import { ShownAnswer } from '../../math/ShownAnswer';
import { questionHtml } from '../../question-types/blanks';
import { Alert } from '../../ui/Alert';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { CommaList } from '../../ui/CommaList';
import { SelectField, TextArea, TextField } from '../../ui/Field';
import { usePreviewVariants } from './api';
import { draftFields, emptyVariable, type QuestionDraft, type TemplateDraft, type VariableDraft } from './draft';
import { MESSAGES } from './messages';
import styles from './questions.module.css';

interface TemplateFieldsProps {
  draft: QuestionDraft;
  onChange(patch: Partial<QuestionDraft>): void;
  errors: FieldErrors<QuestionDraft>;
}

const KINDS = [
  { value: 'range', label: 'Range' },
  { value: 'choice', label: 'Choice' },
  { value: 'computed', label: 'Computed' },
];

/** The first letter not yet a variable's name, for the next variable. */
const nextName = (variables: readonly VariableDraft[]) =>
  [...'abcdefghkmnpqrstuvw'].find((letter) => !variables.some((v) => v.name === letter)) ?? '';

type Variants = VariantPreviewReply['variants'];

/**
 * Random numbers: the variables a question's texts and key name in braces, their constraints, and the preview
 * where the author sees variants side by side, each with its self-checks, and approves the ones students may get.
 */
export function TemplateFields({ draft, onChange, errors }: TemplateFieldsProps) {
  const template = draft.template;
  const preview = usePreviewVariants();
  const [variants, setVariants] = useState<Variants | null>(null);
  const [ticked, setTicked] = useState<number[]>([]);
  const problemAt = (...path: Array<string | number>) => messageAt(errors.template, path);

  const change = (patch: Partial<TemplateDraft>) => template && onChange({ template: { ...template, ...patch } });
  const changeVariable = (index: number, patch: Partial<VariableDraft>) =>
    template && change({ variables: template.variables.map((v, i) => (i === index ? { ...v, ...patch } : v)) });

  if (!template)
    return (
      <section className={styles.templateBox} aria-label="Random numbers">
        <h2 className={styles.templateTitle}>Random numbers</h2>
        <p className={styles.hint}>
          Give each student their own numbers: declare variables, then write {'{a}'} in the text, options, answers, hint
          and solution where a value goes.
        </p>
        <Button
          type="button"
          variant="secondary"
          onClick={() => onChange({ template: { variables: [emptyVariable('a')], constraints: [], seeds: null } })}
        >
          Add random numbers
        </Button>
      </section>
    );

  const runPreview = async () => {
    setVariants(null);
    const reply = await preview.mutateAsync({ ...draftFields(draft), count: 10 }).catch(() => null);
    if (!reply) return;
    setVariants(reply.variants);
    setTicked(reply.variants.filter((v) => v.problems.length === 0).map((v) => v.seed));
  };

  return (
    <section className={styles.templateBox} aria-label="Random numbers">
      <h2 className={styles.templateTitle}>Random numbers</h2>
      <p className={styles.hint}>
        Write a variable in braces where its value goes: {'{a}'} its value, {'{+a}'} a signed term (+ 3, - 3), {'{a:x}'}{' '}
        a coefficient (3x, -x, x), x{'{^a}'} a power. Fractions stay exact.
      </p>
      <ol className={styles.variables} aria-label="Variables">
        {template.variables.map((variable, i) => {
          return (
            <li key={i} className={styles.variable}>
              <TextField
                label="Name"
                value={variable.name}
                maxLength={12}
                onChange={(e) => changeVariable(i, { name: e.target.value.trim() })}
                error={problemAt('variables', i, 'name') ?? problemAt('variables', i)}
              />
              <SelectField
                label="Kind"
                options={KINDS}
                value={variable.kind}
                onChange={(e) => changeVariable(i, { kind: e.target.value as VariableDraft['kind'] })}
              />
              {variable.kind === 'range' ? (
                <>
                  <TextField
                    label="From"
                    inputMode="decimal"
                    value={variable.min}
                    onChange={(e) => changeVariable(i, { min: e.target.value })}
                  />
                  <TextField
                    label="To"
                    inputMode="decimal"
                    value={variable.max}
                    onChange={(e) => changeVariable(i, { max: e.target.value })}
                  />
                  <TextField
                    label="Step"
                    inputMode="decimal"
                    value={variable.step}
                    onChange={(e) => changeVariable(i, { step: e.target.value })}
                  />
                </>
              ) : variable.kind === 'choice' ? (
                <CommaList
                  label="Choices"
                  hint="Numbers or words, with commas"
                  items={variable.values}
                  onChange={(values) => changeVariable(i, { values })}
                />
              ) : (
                <TextField
                  label="Value"
                  hint="e.g. a*b, gcd(a, b), (a + c)/b"
                  value={variable.expression}
                  onChange={(e) => changeVariable(i, { expression: e.target.value })}
                />
              )}
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={`Remove variable ${variable.name || i + 1}`}
                onClick={() => change({ variables: template.variables.filter((_, j) => j !== i) })}
              >
                Remove
              </Button>
            </li>
          );
        })}
      </ol>
      {template.variables.length < TEMPLATE_LIMITS.variables ? (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => change({ variables: [...template.variables, emptyVariable(nextName(template.variables))] })}
        >
          Add variable
        </Button>
      ) : null}
      <TextArea
        label="Constraints (one per line)"
        hint="e.g. a != b, gcd(a, b) = 1, b^2 - 4ac > 0"
        code
        rows={3}
        value={template.constraints.join('\n')}
        onChange={(e) => change({ constraints: e.target.value.split('\n') })}
        error={
          problemAt('constraints') ?? template.constraints.map((_, i) => problemAt('constraints', i)).find(Boolean)
        }
      />
      {problemAt() ? <Alert tone="error">{problemAt()}</Alert> : null}
      <p className={styles.hint} aria-live="polite">
        {template.seeds
          ? `Students get one of ${template.seeds.length} approved variant${template.seeds.length === 1 ? '' : 's'}: ${template.seeds.join(', ')}.`
          : 'Students may get any variant that meets the constraints.'}
      </p>
      <div className={styles.templateActions}>
        <Button type="button" onClick={runPreview} disabled={preview.isPending}>
          {preview.isPending ? 'Drawing variants...' : 'Preview variants'}
        </Button>
        {template.seeds ? (
          <Button type="button" variant="secondary" onClick={() => change({ seeds: null })}>
            Allow any variant
          </Button>
        ) : null}
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            setVariants(null);
            onChange({ template: null });
          }}
        >
          Remove random numbers
        </Button>
      </div>
      {preview.isError ? <Alert tone="error">{errorMessage(preview.error, MESSAGES.previewFailed)}</Alert> : null}
      {variants ? (
        <VariantGrid
          draft={draft}
          variants={variants}
          ticked={ticked}
          onTick={setTicked}
          onApprove={() => change({ seeds: [...ticked] })}
        />
      ) : null}
    </section>
  );
}

/** The message of a rule broken at `path` within the form's errors (the server names `variables.2.name`). */
function messageAt(errors: unknown, path: Array<string | number>): string | undefined {
  let at: unknown = errors;
  for (const part of path) at = at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined;
  const message = at && typeof at === 'object' ? (at as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : undefined;
}

interface VariantGridProps {
  draft: QuestionDraft;
  variants: Variants;
  ticked: number[];
  onTick(seeds: number[]): void;
  onApprove(): void;
}

/** The variants side by side, as a student would read them, each with its key and its checks. */
function VariantGrid({ draft, variants, ticked, onTick, onApprove }: VariantGridProps) {
  const failing = variants.filter((v) => v.problems.length > 0).length;
  return (
    <div>
      <p className={styles.hint} role="status">
        {variants.length - failing} of {variants.length} variants pass their checks
        {failing ? `; ${failing} fail${failing === 1 ? 's' : ''}` : ''}.
      </p>
      <ul className={styles.variantGrid} aria-label="Variants">
        {variants.map((v) => (
          <li key={v.seed} className={styles.variantCard} aria-label={`Variant ${v.seed}`}>
            <div className={styles.variantHead}>
              <strong>Variant {v.seed}</strong>
              {v.problems.length ? <Badge tone="danger">Fails</Badge> : <Badge tone="success">Passes</Badge>}
            </div>
            {v.values ? <MathText text={`$${v.values}$`} className={styles.hint} /> : null}
            <RichText
              html={draft.type ? questionHtml({ type: draft.type, questionText: v.questionText }) : v.questionText}
            />
            {draft.type ? (
              <p className={styles.variantKey}>
                Key:{' '}
                <ShownAnswer
                  shown={describeKey({
                    type: draft.type,
                    options: v.options,
                    answer: v.answer,
                    answerForms: v.answerForms,
                  })}
                />
              </p>
            ) : null}
            {v.problems.length ? (
              <ul className={styles.variantProblems}>
                {v.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            ) : null}
            <Checkbox
              label="Approve"
              checked={ticked.includes(v.seed)}
              disabled={v.values === null}
              onChange={(e) => onTick(e.target.checked ? [...ticked, v.seed] : ticked.filter((s) => s !== v.seed))}
            />
          </li>
        ))}
      </ul>
      <Button type="button" onClick={onApprove} disabled={ticked.length === 0}>
        Approve {ticked.length} variant{ticked.length === 1 ? '' : 's'}
      </Button>
    </div>
  );
}

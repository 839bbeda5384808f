import type { ReactNode } from 'react';
import type { ExchangePreviewItem } from '@common/schemas/exchange';
import { MathText } from '../../../math/MathText';
import { RichText } from '../../../math/RichText';
import { questionHtml } from '../../../question-types/blanks';
import { Badge } from '../../../ui/Badge';
import { Checkbox } from '../../../ui/Checkbox';
import { Disclosure } from '../../../ui/Disclosure';
import { Answers } from '../QuestionDetails';
import styles from './exchange.module.css';

type Importable = Extract<ExchangePreviewItem, { ok: true }>;

interface PreviewCardProps {
  item: ExchangePreviewItem;
  chosen: boolean;
  onChoose(chosen: boolean): void;
  /** Names the import creates, lowercased: marked "new" where a question uses them. */
  newCategories: ReadonlySet<string>;
  newFocusAreas: ReadonlySet<string>;
  disabled?: boolean;
}

const heading = (item: ExchangePreviewItem) => `Question ${item.number}${item.title ? `: ${item.title}` : ''}`;

/**
 * One question of the file as it will come in: rendered as a student sees it, with its key, solution and tags; or,
 * when it cannot come in, why, and no box to tick.
 */
export function PreviewCard({ item, chosen, onChoose, newCategories, newFocusAreas, disabled }: PreviewCardProps) {
  const titleId = `preview-question-${item.number}`;
  if (!item.ok)
    return (
      <li className={`${styles.card} ${styles.refused}`} aria-labelledby={titleId}>
        <div className={styles.cardHead}>
          <h3 id={titleId} className={styles.cardTitle}>
            {heading(item)}
          </h3>
        </div>
        <p className={styles.reason}>Cannot be imported: {item.reason}</p>
      </li>
    );
  return (
    <li className={`${styles.card} ${chosen ? '' : styles.left}`} aria-labelledby={titleId}>
      <div className={styles.cardHead}>
        <Checkbox
          label={`Import question ${item.number}`}
          checked={chosen}
          disabled={disabled}
          onChange={(event) => onChoose(event.target.checked)}
        />
        <h3 id={titleId} className={styles.cardTitle}>
          {heading(item)}
        </h3>
        <Badge tone="muted">{item.type}</Badge>
      </div>
      <RichText html={questionHtml(item)} className={styles.questionText} />
      {item.attachments.length > 0 ? (
        <ul className={styles.images} aria-label={`Images of question ${item.number}`}>
          {item.attachments.map((src, i) => (
            <li key={i}>
              <img src={src} alt={`Image ${i + 1} of question ${item.number}`} />
            </li>
          ))}
        </ul>
      ) : null}
      <Answers question={item} />
      {item.solution ? (
        <Disclosure summary="Solution">
          <RichText html={item.solution} />
        </Disclosure>
      ) : null}
      {item.hint ? (
        <Disclosure summary="Hint">
          <MathText text={item.hint} />
        </Disclosure>
      ) : null}
      <dl className={styles.facts}>
        <Fact term="Grade">{item.grade === null ? 'chosen below' : item.grade}</Fact>
        <Fact term="Categories">
          <Names names={item.categories} fresh={newCategories} />
        </Fact>
        <Fact term="Focus areas">
          <Names names={item.focusAreas} fresh={newFocusAreas} />
        </Fact>
      </dl>
      {item.notes.length > 0 ? (
        <ul className={styles.notes} aria-label={`Notes on question ${item.number}`}>
          {item.notes.map((note, i) => (
            <li key={i}>{note}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{term}:</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A question's categories or focus areas, those the import creates marked; none: the choice below applies. */
function Names({ names, fresh }: { names: Importable['categories']; fresh: ReadonlySet<string> }) {
  if (names.length === 0) return <>chosen below</>;
  return (
    <span className={styles.names}>
      {names.map((name, i) => (
        <span key={name} className={styles.name}>
          {name}
          {fresh.has(name.toLowerCase()) ? (
            <>
              {' '}
              <Badge tone="special">new</Badge>
            </>
          ) : null}
          {i < names.length - 1 ? ', ' : ''}
        </span>
      ))}
    </span>
  );
}

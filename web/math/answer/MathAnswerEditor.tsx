import { useId, useRef, useState } from 'react';
import { Columns3, Sigma } from 'lucide-react';
import { Latex } from '../MathText';
import { Button } from '../../ui/Button';
import { Tabs } from '../../ui/Tabs';
import { MATH_LIMITS, SYMBOL_CATEGORIES, SYMBOLS, columnsLatex, matrixLatex, piecewiseLatex, tableLatex, type SymbolCategory } from './mathSymbols';
import { SizeDialog, type SizeField } from './SizeDialog';
import styles from './AnswerEditor.module.css';

type Panel = 'columns' | 'math' | null;
interface Custom {
  title: string;
  fields: SizeField[];
  build(values: number[]): string;
}

const FIXED = Array.from({ length: MATH_LIMITS.fixedMax }, (_, i) => i + 1);
const ROWS = { label: 'Rows', min: 1, max: MATH_LIMITS.maxRowsCols };
const COLS = { label: 'Columns', min: 1, max: MATH_LIMITS.maxRowsCols };

/**
 * The fill-in-the-blank answer editor: LaTeX source with a toolbar (Columns and Math panels, eight symbol
 * categories, matrix, piecewise and table builders) beside a live preview.
 */
export function MathAnswerEditor({ label, value, onChange }: { label: string; value: string; onChange(value: string): void }) {
  const id = useId();
  const source = useRef<HTMLTextAreaElement>(null);
  const [panel, setPanel] = useState<Panel>(null);
  const [category, setCategory] = useState<SymbolCategory>('Basic');
  const [split, setSplit] = useState(true);
  const [custom, setCustom] = useState<Custom | null>(null);
  const [typed, setTyped] = useState('');

  /** Inserts at the caret (or replaces the selection) and puts the caret after the insert. */
  const insert = (latex: string) => {
    const el = source.current;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const next = value.slice(0, start) + latex + value.slice(end);
    onChange(next);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + latex.length, start + latex.length);
    });
  };
  const toggle = (p: Exclude<Panel, null>) => setPanel((current) => (current === p ? null : p));

  return (
    <div className={styles.mathEditor}>
      <label htmlFor={id} className={styles.editorLabel}>
        {label}
      </label>
      <div className={styles.toolbar} role="toolbar" aria-label={`${label} math tools`}>
        <Button size="sm" variant={panel === 'columns' ? 'primary' : 'secondary'} aria-pressed={panel === 'columns'} onClick={() => toggle('columns')}>
          <Columns3 size={16} aria-hidden="true" /> Columns
        </Button>
        <Button size="sm" variant={panel === 'math' ? 'primary' : 'secondary'} aria-pressed={panel === 'math'} onClick={() => toggle('math')}>
          <Sigma size={16} aria-hidden="true" /> Math
        </Button>
        <Button size="sm" variant="ghost" aria-pressed={split} onClick={() => setSplit((s) => !s)}>
          {split ? 'Hide preview' : 'Split view'}
        </Button>
      </div>
      {panel === 'columns' ? (
        <div className={styles.panel}>
          {[2, 3, 4].map((n) => (
            <Button key={n} size="sm" variant="secondary" onClick={() => insert(columnsLatex(n))}>
              {n} columns
            </Button>
          ))}
        </div>
      ) : null}
      {panel === 'math' ? (
        <div className={styles.panel}>
          <Tabs
            label="Symbol categories"
            variant="pills"
            value={category}
            onChange={setCategory}
            tabs={SYMBOL_CATEGORIES.map((c) => ({ value: c, label: c, content: <Symbols category={c} insert={insert} onCustom={setCustom} /> }))}
          />
          <div className={styles.typedInsert}>
            <input aria-label="LaTeX to insert" className={styles.typedInput} value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="Type LaTeX, e.g. \frac{3}{4}" />
            <Button size="sm" disabled={typed.trim() === ''} onClick={() => { insert(typed); setTyped(''); }}>
              Insert
            </Button>
          </div>
        </div>
      ) : null}
      <div className={split ? styles.split : undefined}>
        <textarea id={id} ref={source} className={styles.source} value={value} onChange={(e) => onChange(e.target.value)} rows={2} spellCheck={false} placeholder="Type your answer, e.g. \frac{1}{2}" />
        {split ? (
          <div className={styles.preview} aria-label={`${label} preview`}>
            {value.trim() ? <Latex latex={value} /> : <span className={styles.muted}>Preview</span>}
          </div>
        ) : null}
      </div>
      {custom ? (
        <SizeDialog
          title={custom.title}
          fields={custom.fields}
          onCancel={() => setCustom(null)}
          onConfirm={(values) => {
            insert(custom.build(values));
            setCustom(null);
          }}
        />
      ) : null}
    </div>
  );
}

/** One category's symbols, and the matrix, table and piecewise builders where they belong. */
function Symbols({ category, insert, onCustom }: { category: SymbolCategory; insert(latex: string): void; onCustom(custom: Custom): void }) {
  return (
    <div className={styles.symbols}>
      {SYMBOLS[category]?.map((sym) => (
        <button key={sym.title} type="button" className={styles.symbol} title={sym.title} aria-label={sym.title} onClick={() => insert(sym.latex)}>
          {sym.label}
        </button>
      ))}
      {category === 'Matrices' ? <Builder label="Matrix" two onInsert={(r, c) => insert(matrixLatex(r, c))} onCustom={() => onCustom({ title: 'Custom matrix', fields: [ROWS, COLS], build: ([r, c]) => matrixLatex(r, c) })} /> : null}
      {category === 'Tables' ? <Builder label="Table" two onInsert={(r, c) => insert(tableLatex(r, c))} onCustom={() => onCustom({ title: 'Custom table', fields: [ROWS, COLS], build: ([r, c]) => tableLatex(r, c) })} /> : null}
      {category === 'Piecewise' ? (
        <Builder
          label="Piecewise"
          onInsert={(p) => insert(piecewiseLatex(p))}
          onCustom={() => onCustom({ title: 'Custom piecewise function', fields: [{ label: 'Pieces', min: 1, max: MATH_LIMITS.maxPieces }], build: ([p]) => piecewiseLatex(p) })}
        />
      ) : null}
    </div>
  );
}

/** Fixed sizes 1 to 6 (pieces 2 to 6), 2 by default, and a Custom... button for larger ones. */
function Builder({ label, two, onInsert, onCustom }: { label: string; two?: boolean; onInsert(a: number, b: number): void; onCustom(): void }) {
  const [a, setA] = useState(2);
  const [b, setB] = useState(2);
  const choices = two ? FIXED : FIXED.filter((n) => n >= MATH_LIMITS.fixedMinPieces);
  const select = (name: string, value: number, set: (n: number) => void) => (
    <select aria-label={`${label} ${name}`} className={styles.sizeSelect} value={value} onChange={(e) => set(Number(e.target.value))}>
      {choices.map((n) => (
        <option key={n} value={n}>
          {n}
        </option>
      ))}
    </select>
  );
  return (
    <div className={styles.builder}>
      {two ? (
        <>
          {select('rows', a, setA)} × {select('columns', b, setB)}
        </>
      ) : (
        <>{select('pieces', a, setA)} pieces</>
      )}
      <Button size="sm" variant="secondary" onClick={() => onInsert(a, b)}>
        Insert {label.toLowerCase()}
      </Button>
      <Button size="sm" variant="ghost" onClick={onCustom}>
        Custom...
      </Button>
    </div>
  );
}

import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { MathfieldElement } from 'mathlive';
import { Code2, Columns3, Sigma } from 'lucide-react';
import { Latex } from '../MathText';
import { Button } from '../../ui/Button';
import { Tabs } from '../../ui/Tabs';
import {
  MATH_LIMITS,
  SYMBOL_CATEGORIES,
  SYMBOLS,
  columnsLatex,
  matrixLatex,
  piecewiseLatex,
  tableLatex,
  type SymbolCategory,
} from './mathSymbols';
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
 * mathlive (the <math-field> element, ~230 KB gzipped) is fetched the first time an exercise needs an answer
 * editor, never with the page. It draws with KaTeX's fonts, which the page's KaTeX stylesheet already declares under
 * the same names, so it loads no fonts (and no sounds) of its own.
 */
let mathlive: Promise<typeof import('mathlive')> | null = null;
function loadMathlive() {
  mathlive ??= import('mathlive').then((m) => {
    m.MathfieldElement.fontsDirectory = null;
    m.MathfieldElement.soundsDirectory = null;
    return m;
  });
  return mathlive;
}

/**
 * The fill-in-the-blank answer editor: a visual math field (the child sees and edits the math; structures go in
 * with the caret in their first slot, Tab and the arrows move between slots; a touch screen gets the on-screen math
 * keyboard) under its toolbar (Columns and Math panels, eight symbol categories, matrix, piecewise and table
 * builders). "Show source" opens the split LaTeX source and preview. Enter asks to check the answer (`onEnter`);
 * Shift+Enter is left to the field. Should the editor's script fail to load, the source box takes its place.
 * Until the field is ready a plain input stands in, so a child who clicks and types at once loses no key: what they
 * typed there is typed again into the field (a slash makes a fraction, as it would have), with the focus.
 */
export function MathAnswerEditor({
  label,
  value,
  onChange,
  onEnter,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  onEnter?(): void;
}) {
  const id = useId();
  const host = useRef<HTMLDivElement>(null);
  const field = useRef<MathfieldElement | null>(null);
  const source = useRef<HTMLTextAreaElement>(null);
  const standIn = useRef<HTMLInputElement>(null);
  // The answer the stand-in began with: what was typed after it is replayed into the field as keys.
  const standInStart = useRef(value);
  // The field's listener is attached once and reads the latest value and callback from here.
  const latest = useRef({ value, onChange });
  useEffect(() => {
    latest.current = { value, onChange };
  });
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [panel, setPanel] = useState<Panel>(null);
  const [category, setCategory] = useState<SymbolCategory>('Basic');
  const [showSource, setShowSource] = useState(false);
  const [custom, setCustom] = useState<Custom | null>(null);
  const [typed, setTyped] = useState('');
  // Whether the on-screen keyboard was open when the toolbar was pressed: the field's blur closes it, an insert reopens it.
  const keyboardOpen = useRef(false);

  useEffect(() => {
    let gone = false;
    loadMathlive()
      .then(({ MathfieldElement }) => {
        if (gone || !host.current) return;
        const mf = new MathfieldElement();
        mf.id = `${id}-field`;
        mf.setAttribute('aria-label', label);
        mf.className = styles.field;
        // Most options need the element mounted.
        host.current.append(mf);
        // A space between a whole number and a fraction makes a mixed number (2 1/2), as a child writes it.
        mf.mathModeSpace = '\\,';
        mf.popoverPolicy = 'off';
        // The toolbar is the one place for structures; the field's own menu would be a second, different one.
        mf.menuItems = [];
        takeOver(mf, standIn.current, standInStart.current, latest.current.value);
        mf.addEventListener('input', () => latest.current.onChange(mf.value));
        mf.addEventListener('pointerdown', () => document.activeElement !== mf && focusKeepingKeys(mf), {
          capture: true,
        });
        if (mf.value !== latest.current.value) latest.current.onChange(mf.value);
        field.current = mf;
        setState('ready');
      })
      .catch((error: unknown) => {
        console.error('The math editor could not load; the LaTeX source box takes its place', error);
        if (!gone) setState('failed');
      });
    return () => {
      gone = true;
      field.current?.remove();
      field.current = null;
    };
  }, [id, label]);

  // What the source box typed goes into the field. The field's own typing is never written back: the screen may draw
  // a value a few keys behind the field, and writing it would undo the keys typed since.
  const fromSource = useRef<string | null>(null);
  useEffect(() => {
    const mf = field.current;
    if (mf && fromSource.current !== null) {
      mf.value = fromSource.current;
      fromSource.current = null;
    }
  }, [value, state]);

  /** Inserts at the caret, with the caret in the first empty slot of what was inserted. */
  const insert = (latex: string) => {
    const mf = field.current;
    if (!mf) {
      const el = source.current;
      const at = el?.selectionStart ?? value.length;
      onChange(value.slice(0, at) + latex.replaceAll('#?', '') + value.slice(el?.selectionEnd ?? at));
      return;
    }
    mf.focus();
    mf.insert(latex, { selectionMode: 'placeholder', focus: true, scrollIntoView: true });
    onChange(mf.value);
    // A dialog that closes gives focus back to its opener: the field takes it back after.
    window.setTimeout(() => {
      mf.focus();
      if (keyboardOpen.current) window.mathVirtualKeyboard.show();
    }, 0);
  };
  const toggle = (p: Exclude<Panel, null>) => setPanel((current) => (current === p ? null : p));
  const enterChecks = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    const inAnswer = target === field.current || target === source.current || target === standIn.current;
    if (e.key !== 'Enter' || e.shiftKey || e.altKey || e.ctrlKey || e.metaKey || !inAnswer || !onEnter) return;
    e.preventDefault();
    e.stopPropagation();
    // The field may report its last key after this Enter: hand its value over first, so the check sends it.
    if (field.current && field.current.value !== value) onChange(field.current.value);
    onEnter();
  };
  const sourceShown = showSource || state === 'failed';

  return (
    <div
      className={styles.mathEditor}
      onKeyDownCapture={enterChecks}
      onPointerDownCapture={(e) => {
        // Read while the field still has the focus: a second press (a category, then a symbol) finds it closed already.
        if (e.target !== field.current && document.activeElement === field.current)
          keyboardOpen.current = window.mathVirtualKeyboard.visible;
      }}
    >
      <span id={`${id}-label`} className={styles.editorLabel}>
        {label}
      </span>
      <div className={styles.toolbar} role="toolbar" aria-label={`${label} math tools`}>
        <Button
          size="sm"
          variant={panel === 'columns' ? 'primary' : 'secondary'}
          aria-pressed={panel === 'columns'}
          onClick={() => toggle('columns')}
          icon={Columns3}
        >
          Columns
        </Button>
        <Button
          size="sm"
          variant={panel === 'math' ? 'primary' : 'secondary'}
          aria-pressed={panel === 'math'}
          onClick={() => toggle('math')}
          icon={Sigma}
        >
          Math
        </Button>
        {state !== 'failed' ? (
          <Button
            size="sm"
            variant="ghost"
            aria-pressed={showSource}
            onClick={() => setShowSource((s) => !s)}
            icon={Code2}
          >
            {showSource ? 'Hide source' : 'Show source'}
          </Button>
        ) : null}
      </div>
      {panel === 'columns' ? (
        <div className={styles.panel}>
          <div className={styles.symbols}>
            {[2, 3, 4].map((n) => (
              <Button
                key={n}
                size="sm"
                variant="secondary"
                onMouseDown={keepFieldFocus}
                onClick={() => insert(columnsLatex(n))}
              >
                {n} columns
              </Button>
            ))}
          </div>
        </div>
      ) : null}
      {panel === 'math' ? (
        <div className={styles.panel}>
          <Tabs
            label="Symbol categories"
            variant="pills"
            value={category}
            onChange={setCategory}
            tabs={SYMBOL_CATEGORIES.map((c) => ({
              value: c,
              label: c,
              content: <Symbols category={c} insert={insert} onCustom={setCustom} />,
            }))}
          />
          <div className={styles.typedInsert}>
            <input
              aria-label="LaTeX to insert"
              className={styles.typedInput}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder="LaTeX, e.g. \sqrt{2}"
            />
            <Button
              size="sm"
              disabled={typed.trim() === ''}
              onClick={() => {
                insert(typed);
                setTyped('');
              }}
            >
              Insert
            </Button>
          </div>
        </div>
      ) : null}
      {state === 'failed' ? null : (
        <div ref={host} className={styles.fieldHost} aria-busy={state === 'loading'}>
          {state === 'loading' ? (
            <input
              ref={standIn}
              aria-label={label}
              className={`${styles.field} ${styles.standIn}`}
              defaultValue={value}
              onChange={(e) => onChange(e.target.value)}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
            />
          ) : null}
        </div>
      )}
      {sourceShown ? (
        <div className={styles.split}>
          <textarea
            ref={source}
            aria-label={`${label} source (LaTeX)`}
            className={styles.source}
            value={value}
            onChange={(e) => {
              fromSource.current = e.target.value;
              onChange(e.target.value);
            }}
            rows={2}
            spellCheck={false}
            placeholder="LaTeX source, e.g. \frac{1}{2}"
          />
          <div className={styles.preview} aria-label={`${label} preview`}>
            {value.trim() ? <Latex latex={value} /> : <span className={styles.muted}>Preview</span>}
          </div>
        </div>
      ) : null}
      {custom ? (
        <SizeDialog
          title={custom.title}
          fields={custom.fields}
          onCancel={() => setCustom(null)}
          onConfirm={(values) => {
            setCustom(null);
            insert(custom.build(values));
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * Focuses the field without losing a key: the field moves the focus into itself a timer (60 ms) after it is asked to,
 * and keys typed before then would reach the page. They are held until the field has the focus, then typed into it.
 */
function focusKeepingKeys(mf: MathfieldElement) {
  const held: string[] = [];
  const hold = (e: globalThis.KeyboardEvent) => {
    if (e.key.length !== 1 || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    e.stopPropagation();
    held.push(e.key);
  };
  const release = () => {
    document.removeEventListener('keydown', hold, true);
    mf.removeEventListener('focusin', release);
    window.clearTimeout(timer);
    for (const key of held)
      mf.executeCommand(['typedText', key, { simulateKeystroke: true, focus: false, feedback: false }]);
  };
  document.addEventListener('keydown', hold, true);
  mf.addEventListener('focusin', release);
  // Should the focus never come (the field was removed), the keys go back to the page after a while.
  const timer = window.setTimeout(release, 1000);
  mf.focus();
}

/**
 * Hands the stand-in over to the math field: the answer it began with, then what was typed after it as keys, the
 * caret after them, and the focus if it had it. An edit other than typing at the end (a key moved the caret back)
 * is kept as it reads.
 */
function takeOver(mf: MathfieldElement, input: HTMLInputElement | null, start: string, current: string) {
  const text = input?.value ?? current;
  const focused = input !== null && document.activeElement === input;
  const appended = text.startsWith(start) && (input === null || input.selectionStart === text.length);
  mf.value = appended ? start : text;
  if (focused) focusKeepingKeys(mf);
  mf.position = mf.lastOffset;
  // One key at a time, as typed: the field turns a slash into a fraction only when it comes as a key of its own.
  for (const key of appended ? text.slice(start.length) : '')
    mf.executeCommand(['typedText', key, { simulateKeystroke: true, focus: false, feedback: false }]);
}

/**
 * A press on an insert button leaves the focus (and so the caret and the on-screen keyboard) in the field, as an
 * editor's toolbar does; the keyboard still reaches the button with Tab.
 */
const keepFieldFocus = (e: MouseEvent) => e.preventDefault();

/** One category's symbols, and the matrix, table and piecewise builders where they belong. */
function Symbols({
  category,
  insert,
  onCustom,
}: {
  category: SymbolCategory;
  insert(latex: string): void;
  onCustom(custom: Custom): void;
}) {
  return (
    <div className={styles.symbols}>
      {SYMBOLS[category]?.map((sym) => (
        <button
          key={sym.title}
          type="button"
          className={styles.symbol}
          title={sym.title}
          aria-label={sym.title}
          onMouseDown={keepFieldFocus}
          onClick={() => insert(sym.latex)}
        >
          {sym.label}
        </button>
      ))}
      {category === 'Matrices' ? (
        <Builder
          label="Matrix"
          two
          onInsert={(r, c) => insert(matrixLatex(r, c))}
          onCustom={() =>
            onCustom({ title: 'Custom matrix', fields: [ROWS, COLS], build: ([r, c]) => matrixLatex(r, c) })
          }
        />
      ) : null}
      {category === 'Tables' ? (
        <Builder
          label="Table"
          two
          onInsert={(r, c) => insert(tableLatex(r, c))}
          onCustom={() =>
            onCustom({ title: 'Custom table', fields: [ROWS, COLS], build: ([r, c]) => tableLatex(r, c) })
          }
        />
      ) : null}
      {category === 'Piecewise' ? (
        <Builder
          label="Piecewise"
          onInsert={(p) => insert(piecewiseLatex(p))}
          onCustom={() =>
            onCustom({
              title: 'Custom piecewise function',
              fields: [{ label: 'Pieces', min: 1, max: MATH_LIMITS.maxPieces }],
              build: ([p]) => piecewiseLatex(p),
            })
          }
        />
      ) : null}
    </div>
  );
}

/** Fixed sizes 1 to 6 (pieces 2 to 6), 2 by default, and a Custom... button for larger ones. */
function Builder({
  label,
  two,
  onInsert,
  onCustom,
}: {
  label: string;
  two?: boolean;
  onInsert(a: number, b: number): void;
  onCustom(): void;
}) {
  const [a, setA] = useState(2);
  const [b, setB] = useState(2);
  const choices = two ? FIXED : FIXED.filter((n) => n >= MATH_LIMITS.fixedMinPieces);
  const select = (name: string, value: number, set: (n: number) => void) => (
    <select
      aria-label={`${label} ${name}`}
      className={styles.sizeSelect}
      value={value}
      onChange={(e) => set(Number(e.target.value))}
    >
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
      <Button size="sm" variant="secondary" onMouseDown={keepFieldFocus} onClick={() => onInsert(a, b)}>
        Insert {label.toLowerCase()}
      </Button>
      <Button size="sm" variant="ghost" onClick={onCustom}>
        Custom...
      </Button>
    </div>
  );
}

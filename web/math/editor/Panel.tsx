import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { OWN_IMAGE_SRC, RICH_TEXT_LINK } from '@common/rules';
import {
  ATTACHMENT_TYPES,
  MAX_ATTACHMENT_BYTES,
  QUESTION_MESSAGES,
  type ContentImage,
} from '@common/schemas/questions';
import { api, errorMessage } from '../../api/client';
import { TextArea } from '../../ui/Field';
import { renderLatex } from '../katex';
import type { MathAttrs } from './MathNode';
import styles from './Editor.module.css';

export type PanelState =
  ({ kind: 'math'; pos?: number } & MathAttrs) | { kind: 'link'; href: string } | { kind: 'image' };

interface PanelProps {
  state: PanelState;
  onClose(): void;
  onMath(attrs: MathAttrs, pos?: number): void;
  onLink(href: string): void;
  onImage(src: string, alt: string): void;
}

/** The editor's small form for math (LaTeX with a live KaTeX preview), links and images. Escape closes it. */
export function Panel({ state, onClose, onMath, onLink, onImage }: PanelProps) {
  const first = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  useEffect(() => first.current?.focus(), [state.kind]);
  return (
    <div
      className={styles.panel}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          e.preventDefault();
          onClose();
        }
      }}
    >
      {state.kind === 'math' ? <MathForm state={state} inputRef={first} onClose={onClose} onMath={onMath} /> : null}
      {state.kind === 'link' ? <LinkForm href={state.href} inputRef={first} onClose={onClose} onLink={onLink} /> : null}
      {state.kind === 'image' ? <ImageForm inputRef={first} onClose={onClose} onImage={onImage} /> : null}
    </div>
  );
}

type Cancellable = { preventDefault(): void; stopPropagation(): void };

/**
 * The panel sits inside the page's own form (a modal), so it cannot be a form: Enter applies the panel
 * instead of submitting the page (Shift+Enter still makes a new line in the LaTeX box).
 */
const enterSubmits = (submit: (e: Cancellable) => void) => (e: KeyboardEvent) => {
  if (e.key === 'Enter' && !e.shiftKey && (e.target as HTMLElement).tagName !== 'BUTTON') submit(e);
};

type InputRef = React.RefObject<(HTMLInputElement & HTMLTextAreaElement) | null>;

function MathForm({
  state,
  inputRef,
  onClose,
  onMath,
}: {
  state: Extract<PanelState, { kind: 'math' }>;
  inputRef: InputRef;
  onClose(): void;
  onMath: PanelProps['onMath'];
}) {
  const [latex, setLatex] = useState(state.latex);
  const [display, setDisplay] = useState(state.display);
  const preview = latex.trim() ? renderLatex(latex, display) : null;
  const submit = (e: Cancellable) => {
    e.preventDefault();
    e.stopPropagation();
    if (latex.trim()) onMath({ latex: latex.trim(), display }, state.pos);
  };
  return (
    <div className={styles.panelForm} role="group" aria-label="Math" onKeyDown={enterSubmits(submit)}>
      <TextArea
        label="LaTeX"
        code
        ref={inputRef}
        value={latex}
        rows={2}
        placeholder="\frac{3}{4} + \frac{1}{8}"
        onChange={(e) => setLatex(e.target.value)}
      />
      <label className={styles.check}>
        <input type="checkbox" checked={display} onChange={(e) => setDisplay(e.target.checked)} /> Display on its own
        line ($$...$$)
      </label>
      <div className={styles.preview} aria-live="polite">
        <span className={styles.panelLabel}>Preview</span>
        {preview === null ? (
          <span className={styles.muted}>Type LaTeX to see it here.</span>
        ) : 'html' in preview ? (
          <span dangerouslySetInnerHTML={{ __html: preview.html }} />
        ) : (
          <span className={styles.mathError}>Preview Error: {preview.error}</span>
        )}
      </div>
      <div className={styles.panelActions}>
        <button type="button" className={styles.secondary} onClick={onClose}>
          Cancel
        </button>
        <button type="button" className={styles.primary} onClick={submit} disabled={!latex.trim()}>
          {state.pos === undefined ? 'Insert math' : 'Update math'}
        </button>
      </div>
    </div>
  );
}

function LinkForm({
  href,
  inputRef,
  onClose,
  onLink,
}: {
  href: string;
  inputRef: InputRef;
  onClose(): void;
  onLink(href: string): void;
}) {
  const id = useId();
  const [value, setValue] = useState(href);
  const [problem, setProblem] = useState('');
  const submit = (e: Cancellable) => {
    e.preventDefault();
    e.stopPropagation();
    const v = value.trim();
    if (v && !RICH_TEXT_LINK.test(v)) return setProblem('Links must start with https://, http:// or mailto:');
    onLink(v);
  };
  return (
    <div className={styles.panelForm} role="group" aria-label="Link" onKeyDown={enterSubmits(submit)}>
      <label htmlFor={id} className={styles.panelLabel}>
        Link address (leave empty to remove the link)
      </label>
      <input
        id={id}
        ref={inputRef}
        className={styles.panelInput}
        value={value}
        placeholder="https://"
        onChange={(e) => setValue(e.target.value)}
      />
      {problem ? (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      ) : null}
      <div className={styles.panelActions}>
        <button type="button" className={styles.secondary} onClick={onClose}>
          Cancel
        </button>
        <button type="button" className={styles.primary} onClick={submit}>
          Apply link
        </button>
      </div>
    </div>
  );
}

function ImageForm({
  inputRef,
  onClose,
  onImage,
}: {
  inputRef: InputRef;
  onClose(): void;
  onImage(src: string, alt: string): void;
}) {
  const fileId = useId();
  const srcId = useId();
  const altId = useId();
  const [src, setSrc] = useState('');
  const [alt, setAlt] = useState('');
  const [problem, setProblem] = useState('');
  const [uploading, setUploading] = useState(false);
  const submit = (e: Cancellable) => {
    e.preventDefault();
    e.stopPropagation();
    const v = src.trim();
    if (!OWN_IMAGE_SRC.test(v))
      return setProblem('Images must be one of our uploads, such as /api/questions/uploads/diagram.png');
    onImage(v, alt.trim());
  };
  const upload = async (file: File | undefined) => {
    if (!file) return;
    // The server checks the same and the bytes themselves; this only spares a useless upload.
    if (!(ATTACHMENT_TYPES as readonly string[]).includes(file.type)) return setProblem(QUESTION_MESSAGES.imagesOnly);
    if (file.size > MAX_ATTACHMENT_BYTES) return setProblem(QUESTION_MESSAGES.imageTooLarge);
    setProblem('');
    setUploading(true);
    try {
      const form = new FormData();
      form.append('image', file);
      const image = await api.post<ContentImage>(
        '/questions/uploads',
        form,
        'The image could not be uploaded. Please try again.',
      );
      setSrc(image.url);
      setAlt((current) => current || image.originalname.replace(/\.[a-z0-9]+$/i, ''));
    } catch (error) {
      setProblem(errorMessage(error, 'The image could not be uploaded. Please try again.'));
    } finally {
      setUploading(false);
    }
  };
  return (
    <div className={styles.panelForm} role="group" aria-label="Image" onKeyDown={enterSubmits(submit)}>
      <label htmlFor={fileId} className={styles.panelLabel}>
        Upload an image (PNG, JPEG, GIF or WebP, at most 5 MB)
      </label>
      <input
        id={fileId}
        ref={inputRef}
        type="file"
        accept={ATTACHMENT_TYPES.join(',')}
        className={styles.panelInput}
        disabled={uploading}
        onChange={(e) => void upload(e.target.files?.[0])}
      />
      {uploading ? (
        <p className={styles.panelHint} role="status">
          Uploading image...
        </p>
      ) : null}
      <label htmlFor={srcId} className={styles.panelLabel}>
        Or the address of an uploaded image
      </label>
      <input
        id={srcId}
        className={styles.panelInput}
        value={src}
        placeholder="/api/questions/uploads/..."
        onChange={(e) => setSrc(e.target.value)}
      />
      <label htmlFor={altId} className={styles.panelLabel}>
        Description for screen readers
      </label>
      <input id={altId} className={styles.panelInput} value={alt} onChange={(e) => setAlt(e.target.value)} />
      {problem ? (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      ) : null}
      <div className={styles.panelActions}>
        <button type="button" className={styles.secondary} onClick={onClose}>
          Cancel
        </button>
        <button type="button" className={styles.primary} onClick={submit} disabled={uploading || !src.trim()}>
          Insert image
        </button>
      </div>
    </div>
  );
}

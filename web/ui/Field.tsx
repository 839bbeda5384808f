import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { formatPhone } from '@common/rules';
import styles from './Field.module.css';

interface FieldShellProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  id: string;
  children: ReactNode;
}

function FieldShell({ label, error, hint, id, children }: FieldShellProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p className={styles.hint} id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className={styles.error} id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What ties a control to its label, error and hint, for screen readers. */
const controlProps = (fieldId: string, error?: string, hint?: ReactNode) => ({
  id: fieldId,
  className: styles.input,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined,
});

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled input with its hint and error; the error is announced and tied to the input. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, id, ...rest },
  ref,
) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldShell label={label} error={error} hint={hint} id={fieldId}>
      <input ref={ref} {...controlProps(fieldId, error, hint)} {...rest} />
    </FieldShell>
  );
});

/**
 * A phone number, formatted as it is typed ("(123) 456-7890"): the formatted text is what the change handler
 * (a register()'s) reads.
 */
export const PhoneField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type'>>(function PhoneField(
  { onChange, placeholder = '(123) 456-7890', ...rest },
  ref,
) {
  return (
    <TextField
      ref={ref}
      type="tel"
      placeholder={placeholder}
      {...rest}
      onChange={(event) => {
        event.target.value = formatPhone(event.target.value);
        onChange?.(event);
      }}
    />
  );
});

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string;
}

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, hint, id, options, placeholder, ...rest },
  ref,
) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldShell label={label} error={error} hint={hint} id={fieldId}>
      <select ref={ref} {...controlProps(fieldId, error, hint)} {...rest}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
});

export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Source text such as LaTeX: a monospace face and no spell check. */
  code?: boolean;
}

/** A labelled multi-line input, with its hint and error tied to it as for a text field. */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, error, hint, id, rows = 4, code = false, ...rest },
  ref,
) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldShell label={label} error={error} hint={hint} id={fieldId}>
      <textarea
        ref={ref}
        rows={rows}
        spellCheck={code ? false : undefined}
        {...controlProps(fieldId, error, hint)}
        className={`${styles.input} ${styles.textarea} ${code ? styles.code : ''}`}
        {...rest}
      />
    </FieldShell>
  );
});

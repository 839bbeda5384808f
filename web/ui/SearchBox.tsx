import { useId } from 'react';
import { Search } from 'lucide-react';
import styles from './SearchBox.module.css';

export interface SearchBoxProps {
  /** The accessible name, also shown as the placeholder unless one is given. */
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  className?: string;
}

/** A search input with its icon; the label is read by screen readers and the placeholder shows it to the eye. */
export function SearchBox({ label, value, onChange, placeholder = label, className }: SearchBoxProps) {
  const id = useId();
  return (
    <div className={`${styles.search} ${className ?? ''}`}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <Search size={18} aria-hidden="true" />
      <input id={id} type="search" value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

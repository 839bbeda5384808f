import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Link, type LinkProps } from 'react-router';
import styles from './Button.module.css';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'accent';

interface Look {
  variant?: Variant;
  size?: 'sm' | 'md' | 'lg';
  block?: boolean;
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, Look {
  /** A picture before the words, sized for the button and hidden from screen readers (the words name the button). */
  icon?: LucideIcon;
}

const ICON_SIZES = { sm: 16, md: 18, lg: 20 } as const;

const classesOf = ({ variant = 'primary', size = 'md', block }: Look, className?: string) =>
  [styles.button, styles[variant], styles[size], block ? styles.block : '', className ?? ''].join(' ');

/**
 * `aria-disabled` (rather than `disabled`) makes a button that is busy for a moment refuse clicks and submits while
 * keeping the keyboard focus, which a disabled button drops to the page.
 */
export function Button({
  variant,
  size,
  block,
  className,
  type = 'button',
  onClick,
  icon: Icon,
  children,
  ...rest
}: ButtonProps) {
  const inert = rest['aria-disabled'] === true || rest['aria-disabled'] === 'true';
  return (
    <button
      type={type}
      className={classesOf({ variant, size, block }, className)}
      onClick={inert ? (e) => e.preventDefault() : onClick}
      {...rest}
    >
      {Icon ? <Icon size={ICON_SIZES[size ?? 'md']} aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** A link that goes somewhere, looking like a button ('View Student Progress'): a link to screen readers and new tabs. */
export function ButtonLink({ variant, size, block, className, ...rest }: LinkProps & Look) {
  return <Link className={classesOf({ variant, size, block }, className)} {...rest} />;
}

/**
 * A plain link that looks like a button, for what the router does not handle: a file the server sends to save
 * (`download`), or an address outside the app.
 */
export function ButtonAnchor({
  variant,
  size,
  block,
  className,
  icon: Icon,
  children,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & Look & { icon?: LucideIcon }) {
  return (
    <a className={classesOf({ variant, size, block }, className)} {...rest}>
      {Icon ? <Icon size={ICON_SIZES[size ?? 'md']} aria-hidden="true" /> : null}
      {children}
    </a>
  );
}

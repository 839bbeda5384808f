import { useEffect, useRef, type ReactNode } from 'react';
import * as RadixTabs from '@radix-ui/react-tabs';
import styles from './Tabs.module.css';

export interface Tab<T extends string> {
  value: T;
  label: ReactNode;
  /** The panel; only the chosen tab's panel is mounted. */
  content: ReactNode;
}

export interface TabsProps<T extends string> {
  /** Names the tab list for screen readers, such as 'Question area'. */
  label: string;
  tabs: ReadonlyArray<Tab<NoInfer<T>>>;
  value: T;
  onChange(value: NoInfer<T>): void;
  /** 'underline' for page sections, 'pills' for a compact switch inside a card. */
  variant?: 'underline' | 'pills';
  panelClassName?: string;
}

/**
 * Tabs on Radix's primitive: arrow keys move between tabs (roving focus: one tab stop for the list), Home and End
 * jump to the ends, and each panel is labelled by its tab.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
  variant = 'underline',
  panelClassName,
}: TabsProps<T>) {
  // Radix asks for the tab on mouse down and again on the focus that follows. When the owner renders the change in a
  // transition (a router navigation does), the second ask still sees the old value: without this, one click would
  // push two history entries and Back would seem to do nothing.
  const asked = useRef<string>(value);
  useEffect(() => {
    asked.current = value;
  });
  const choose = (next: string) => {
    if (next === asked.current) return;
    asked.current = next;
    onChange(next as T);
  };
  return (
    <RadixTabs.Root value={value} onValueChange={choose} className={styles.root}>
      <RadixTabs.List aria-label={label} className={`${styles.list} ${styles[variant]}`}>
        {tabs.map((tab) => (
          <RadixTabs.Trigger key={tab.value} value={tab.value} className={styles.tab}>
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((tab) => (
        <RadixTabs.Content key={tab.value} value={tab.value} className={`${styles.panel} ${panelClassName ?? ''}`}>
          {tab.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}

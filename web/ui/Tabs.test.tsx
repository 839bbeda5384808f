// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, useTransition } from 'react';
import { Tabs } from './Tabs';

afterEach(cleanup);

function Area() {
  const [tab, setTab] = useState<'bank' | 'tests' | 'tags'>('bank');
  return (
    <Tabs
      label="Question area"
      value={tab}
      onChange={setTab}
      tabs={[
        { value: 'bank', label: 'Question Bank', content: <p>the bank</p> },
        { value: 'tests', label: 'Test Generator', content: <p>the generator</p> },
        { value: 'tags', label: 'Manage Categories', content: <p>the categories</p> },
      ]}
    />
  );
}

/** An owner that renders the chosen tab in a transition, as a router navigation does, and counts each ask. */
function RoutedArea({ asks }: { asks: string[] }) {
  const [tab, setTab] = useState<'content' | 'exercises'>('content');
  const [, startTransition] = useTransition();
  return (
    <Tabs
      label="Lesson"
      value={tab}
      onChange={(next) => {
        asks.push(next);
        startTransition(() => setTab(next));
      }}
      tabs={[
        { value: 'content', label: 'Content', content: <p>the lesson</p> },
        { value: 'exercises', label: 'Exercises', content: <p>the exercises</p> },
      ]}
    />
  );
}

describe('Tabs', () => {
  it('name the list and label each panel by its tab', () => {
    render(<Area />);
    expect(screen.getByRole('tablist', { name: 'Question area' })).toBeTruthy();
    expect(screen.getByRole('tabpanel', { name: 'Question Bank' }).textContent).toBe('the bank');
    expect(screen.getByRole('tab', { name: 'Question Bank' }).getAttribute('aria-selected')).toBe('true');
  });

  it('move with the arrow keys, Home and End, one tab stop for the whole list (roving focus)', async () => {
    const user = userEvent.setup();
    render(<Area />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Question Bank' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Test Generator' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('the generator');
    await user.keyboard('{End}');
    expect(screen.getByRole('tabpanel', { name: 'Manage Categories' })).toBeTruthy();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Question Bank' }));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Manage Categories' }));
    // The inactive tabs are out of the tab order: Tab leaves the list for the panel.
    expect(screen.getByRole('tab', { name: 'Question Bank' }).getAttribute('tabindex')).toBe('-1');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tabpanel'));
  });

  it('ask once per click, even when the owner renders the change in a transition (one history entry per click)', async () => {
    const user = userEvent.setup();
    const asks: string[] = [];
    render(<RoutedArea asks={asks} />);
    await user.click(screen.getByRole('tab', { name: 'Exercises' }));
    expect(await screen.findByText('the exercises')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Content' }));
    expect(await screen.findByText('the lesson')).toBeTruthy();
    expect(asks).toEqual(['exercises', 'content']);
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { useState } from 'react';
import { Users } from 'lucide-react';
import { Banner } from './Banner';
import { Breadcrumb } from './Breadcrumb';
import { EmptyState } from './EmptyState';
import { TextArea } from './Field';
import { SearchBox } from './SearchBox';
import { StatCard, StatGrid } from './StatCard';
import { VideoFrame } from './VideoFrame';

afterEach(cleanup);

describe('Breadcrumb', () => {
  it('links back up the trail and marks the current page', () => {
    render(
      <MemoryRouter>
        <Breadcrumb
          trail={[
            { label: 'Courses', to: '/course-management' },
            { label: 'Fractions', to: '/course-management/c1/units' },
            { label: 'Halves' },
          ]}
        />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(nav.textContent).toBe('CoursesFractionsHalves');
    expect(screen.getByRole('link', { name: 'Fractions' }).getAttribute('href')).toBe('/course-management/c1/units');
    expect(screen.getByText('Halves').getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('link', { name: 'Halves' })).toBeNull();
  });
});

describe('TextArea', () => {
  it('is named by its label and tells its error', () => {
    render(<TextArea label="Description" error="Description must be at most 2000 characters" />);
    const box = screen.getByRole('textbox', { name: 'Description' });
    expect(box.tagName).toBe('TEXTAREA');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Description must be at most 2000 characters',
    );
  });

  it('holds source text (LaTeX) without spell checking, still named by its label', () => {
    render(<TextArea label="LaTeX" code defaultValue={'\\frac{1}{2}'} />);
    const box = screen.getByRole('textbox', { name: 'LaTeX' });
    expect(box.getAttribute('spellcheck')).toBe('false');
    expect((box as HTMLTextAreaElement).value).toBe('\\frac{1}{2}');
  });
});

describe('SearchBox', () => {
  it('is a search box named by its label', async () => {
    function Search() {
      const [q, setQ] = useState('');
      return (
        <>
          <SearchBox label="Search courses by title, code or description" value={q} onChange={setQ} />
          <p>typed: {q}</p>
        </>
      );
    }
    render(<Search />);
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Search courses by title, code or description' }),
      'frac',
    );
    expect(screen.getByText('typed: frac')).toBeTruthy();
  });
});

describe('EmptyState, StatCard and Banner', () => {
  it('say what there is (and is not) in words a screen reader reads', () => {
    render(
      <>
        <EmptyState title="No courses available" text="Create the first course." />
        <StatGrid label="At a glance">
          <StatCard label="Total Users" value="245" icon={Users} />
        </StatGrid>
        <Banner title="Welcome back, Ada!">Here is what is happening.</Banner>
      </>,
    );
    expect(screen.getByRole('status').textContent).toContain('No courses available');
    expect(screen.getByRole('list', { name: 'At a glance' })).toBeTruthy();
    expect(screen.getByLabelText('Total Users: 245')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Welcome back, Ada!', level: 1 })).toBeTruthy();
  });
});

describe('VideoFrame', () => {
  it('frames the player by its title, lazily, sending our origin only as its referrer', () => {
    render(<VideoFrame src="https://player.vimeo.com/video/7" title="Video: Halves" />);
    const frame = screen.getByTitle('Video: Halves');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://player.vimeo.com/video/7');
    expect(frame.getAttribute('loading')).toBe('lazy');
    expect(frame.getAttribute('referrerpolicy')).toBe('strict-origin');
    expect(frame.hasAttribute('allowfullscreen')).toBe(true);
  });
});

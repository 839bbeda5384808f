// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { PageCard, PageFrame } from './PageFrame';

afterEach(cleanup);

describe('PageFrame', () => {
  it('gives the page one heading, with its eyebrow, lead and actions in the header row, then the page', () => {
    render(
      <PageFrame eyebrow="Administration" title="Manage Users" lead="Every account." actions={<button>Add</button>}>
        <PageCard aria-label="Users">rows</PageCard>
      </PageFrame>,
    );
    const heading = screen.getByRole('heading', { level: 1, name: 'Manage Users' });
    const header = heading.closest('header')!;
    expect(header.textContent).toBe('AdministrationManage UsersEvery account.Add');
    expect(screen.getAllByRole('heading')).toHaveLength(1);
    const card = screen.getByRole('region', { name: 'Users' });
    expect(card.textContent).toBe('rows');
    // The card follows the header, inside the same frame.
    expect(header.nextElementSibling).toBe(card);
  });

  it('leaves out what a page does not have', () => {
    render(<PageFrame title="Question Assignment" />);
    const header = screen.getByRole('heading', { level: 1 }).closest('header')!;
    expect(header.querySelectorAll('p')).toHaveLength(0);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pagination } from './Pagination';

afterEach(cleanup);

const setup = (props: Partial<Parameters<typeof Pagination>[0]> = {}) => {
  const onPage = vi.fn();
  const onPageSize = vi.fn();
  render(
    <Pagination
      page={2}
      pageSize={10}
      total={42}
      pageSizes={[10, 20, 30]}
      noun="courses"
      onPage={onPage}
      onPageSize={onPageSize}
      {...props}
    />,
  );
  return { onPage, onPageSize };
};

describe('Pagination', () => {
  it('says the range and "Page X of Y" in a navigation named Pages', () => {
    setup();
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(nav.textContent).toContain('11–20 of 42 courses');
    expect(nav.textContent).toContain('Page 2 of 5');
  });

  it('turns pages with Previous and Next, which stop at the ends', async () => {
    const { onPage } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPage.mock.calls).toEqual([[3], [1]]);
    cleanup();
    setup({ page: 1, total: 5 });
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers the page sizes under the label Per page', async () => {
    const { onPageSize } = setup();
    const sizes = screen.getByRole('combobox', { name: 'Per page' });
    expect([...(sizes as HTMLSelectElement).options].map((o) => o.value)).toEqual(['10', '20', '30']);
    await userEvent.selectOptions(sizes, '30');
    expect(onPageSize).toHaveBeenCalledWith(30);
  });

  it('offers no choice of size when the list has one', () => {
    setup({ pageSizes: [10], onPageSize: undefined });
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByRole('navigation').textContent).toContain('Page 2 of 5');
  });

  it('marks a count the server stopped at with +, and keeps Next open', () => {
    setup({ page: 100, total: 1000, totalExact: false });
    expect(screen.getByRole('navigation').textContent).toContain('of 1,000+ courses');
    expect(screen.getByRole('navigation').textContent).toContain('Page 100 of 100+');
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

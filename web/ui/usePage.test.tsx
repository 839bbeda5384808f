// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useState } from 'react';
import { usePage } from './usePage';

afterEach(cleanup);

describe('usePage', () => {
  it('starts on page 1 and goes back there when what the list holds changes', () => {
    const { result } = renderHook(() => {
      const [search, setSearch] = useState('');
      return { search, ...usePage(), setSearch };
    });
    expect(result.current.page).toBe(1);
    act(() => result.current.setPage(3));
    expect(result.current.page).toBe(3);
    act(() => result.current.firstPageAfter(result.current.setSearch)('halves'));
    expect(result.current).toMatchObject({ search: 'halves', page: 1 });
  });
});

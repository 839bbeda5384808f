import { describe, expect, it } from 'vitest';
import type { GradebookReply } from '@common/schemas/gradebook';
import { nextSort, readState, sortedStudents } from './model';

const cell = (solved: number, tried: number, firstTry: number) => ({ solved, tried, firstTry, state: 'done' as const });
const book = {
  sections: [{ id: 's1', exercises: 4 }],
  tests: [{ id: 't1' }],
  students: [
    { id: 'a', name: 'Ann', sections: [cell(2, 2, 2)], tests: [{ state: 'missing', score: null, maxMarks: null }] },
    { id: 'b', name: 'Ben', sections: [cell(4, 4, 1)], tests: [{ state: 'submitted', score: 5, maxMarks: 10 }] },
    { id: 'c', name: 'Cy', sections: [cell(4, 4, 3)], tests: [{ state: 'not-started', score: null, maxMarks: null }] },
  ],
} as unknown as GradebookReply;
const names = (sort: Parameters<typeof sortedStudents>[1]) => sortedStudents(book, sort).map((s) => s.name);

describe('the gradebook order', () => {
  it("keeps the server's order by name until a column is picked", () => {
    expect(names(null)).toEqual(['Ann', 'Ben', 'Cy']);
    expect(names({ key: 'name', direction: 'desc' })).toEqual(['Cy', 'Ben', 'Ann']);
  });

  it('sorts a section by its share solved, then first try, and a test by score, then state', () => {
    expect(names({ key: 's:s1', direction: 'desc' })).toEqual(['Cy', 'Ben', 'Ann']);
    expect(names({ key: 't:t1', direction: 'desc' })).toEqual(['Ben', 'Cy', 'Ann']);
  });

  it('sorts a figure best first at the first click, then the other way', () => {
    expect(nextSort(null, 's:s1')).toEqual({ key: 's:s1', direction: 'desc' });
    expect(nextSort({ key: 's:s1', direction: 'desc' }, 's:s1')).toEqual({ key: 's:s1', direction: 'asc' });
    expect(nextSort(null, 'name')).toEqual({ key: 'name', direction: 'asc' });
  });

  it('reads the class, filters and order from the address', () => {
    const state = readState(new URLSearchParams('class=c1&unit=u&from=2026-01-01&sort=t:x&dir=desc'));
    expect(state).toEqual({
      classId: 'c1',
      filters: { unit: 'u', test: '', from: '2026-01-01', to: '' },
      sort: { key: 't:x', direction: 'desc' },
    });
  });
});

import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { keys as courseManagement } from './features/courses/api';
import { keys as sectionQuestions } from './features/questions/section-questions/api';
import { keys as studentManager } from './features/student-assignments/api';

describe('the catalogue kept by each staff screen', () => {
  it('is refreshed everywhere by the invalidation a change in course management makes', async () => {
    const client = new QueryClient();
    const kept = [
      courseManagement.courses(true),
      courseManagement.units('c1'),
      courseManagement.sections('u1'),
      [...sectionQuestions.hierarchy, 'teacher', 'courses'],
      [...sectionQuestions.hierarchy, 'admin', 'units', 'c1'],
      studentManager.courses('admin'),
      studentManager.units('teacher', 'c1'),
      studentManager.sections('teacher', 'c1'),
    ];
    for (const key of kept) client.setQueryData(key, ['a course']);
    await client.invalidateQueries({ queryKey: courseManagement.all });
    expect(kept.filter((key) => !client.getQueryState(key)?.isInvalidated)).toEqual([]);
  });

  it('keeps each screen apart, since each reads its own list with its own message', () => {
    const screens = [
      courseManagement.courses(true),
      [...sectionQuestions.hierarchy, 'admin', 'courses'],
      studentManager.courses('admin'),
    ];
    expect(new Set(screens.map((key) => JSON.stringify(key))).size).toBe(3);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionBody } from '../../../common/schemas/questions';
import { listQuestions } from '../../modules/questions/queries';
import { createTestApp, type TestApp } from '../../test/harness';
import { seedDemoQuestions } from './questions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo question bank', () => {
  it('seeds 60 questions of grades 3 to 8 once, each valid by the authoring rules, with figures on disk', async () => {
    expect(await seedDemoQuestions(t.db, t.app.uploads)).toBe(60);
    expect(await seedDemoQuestions(t.db, t.app.uploads)).toBe(0);
    const { questions, total } = await listQuestions(t.db, { page: 1, limit: 1000 });
    expect(total).toBe(60);
    expect(new Set(questions.map((q) => q.grade))).toEqual(new Set([3, 4, 5, 6, 7, 8]));
    expect(new Set(questions.map((q) => q.type))).toEqual(new Set(['Multiple Choice', 'Fill in the Blank']));
    for (const q of questions) {
      const parsed = questionBody.safeParse(q);
      expect(parsed.success, `${q.questionText}: ${parsed.error?.issues[0].message}`).toBe(true);
      expect(q.solution).not.toBe('');
      expect(q.hint).not.toBe('');
    }
    const figures = questions.flatMap((q) => q.attachments.map((a) => a.filename));
    expect(figures.length).toBeGreaterThanOrEqual(5);
    const stored = await t.app.uploads.list();
    for (const name of figures) expect(stored).toContain(name);
  });
});

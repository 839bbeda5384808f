import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSkills } from '../../modules/skills/service';
import { skills } from '../schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { seedDemoQuestions } from './questions';
import { seedDemoSkills } from './skills';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoQuestions(t.db, t.app.uploads);
});
afterAll(() => t.close());

describe('the demo skills', () => {
  it('seeds a skill of every demo focus area, some narrowed, with two prerequisites, once', async () => {
    expect(await seedDemoSkills(t.db)).toBe(6);
    expect(await seedDemoSkills(t.db)).toBe(0);
    const listed = await listSkills(t.db);
    const names = new Map(listed.map((s) => [s.id, s.name]));
    expect(listed.map((s) => s.name)).toEqual([
      'Computation',
      'Computation: Fractions',
      'Computation: Number Sense',
      'Problem Solving',
      'Reasoning',
      'Reasoning: Algebra',
    ]);
    const links = listed.flatMap((s) => s.prerequisiteIds.map((p) => `${names.get(p)} -> ${s.name}`));
    expect(links.sort()).toEqual([
      'Computation: Fractions -> Reasoning: Algebra',
      'Computation: Number Sense -> Computation: Fractions',
    ]);
    for (const skill of listed) expect(skill.questionCount, skill.name).toBeGreaterThan(0);
  });

  it('leaves a bank that has skills alone, so a deleted demo skill stays deleted', async () => {
    const [kept] = await listSkills(t.db);
    await t.db.delete(skills);
    await t.db.insert(skills).values({ focusAreaId: kept.focusArea.id });
    expect(await seedDemoSkills(t.db)).toBe(0);
    expect(await listSkills(t.db)).toHaveLength(1);
  });
});

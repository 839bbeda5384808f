import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { courses, sections } from '../schema';
import { sanitizeRichText } from '../../lib/sanitize';
import { createTestApp, type TestApp } from '../../test/harness';
import { DEMO_COURSES, seedDemoCourses } from './courses';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo courses', () => {
  it('seeds the catalogue once, with math that survives the sanitizer', async () => {
    await seedDemoCourses(t.db);
    await seedDemoCourses(t.db);
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(courses);
    expect(n).toBe(DEMO_COURSES.length);
    const stored = await t.db.select({ content: sections.content }).from(sections);
    expect(stored.length).toBe(DEMO_COURSES.flatMap((c) => c.units.flatMap((u) => u.sections)).length);
    for (const { content } of stored) {
      expect(content).toMatch(/\$[^$]+\$/);
      expect(sanitizeRichText(content)).toBe(content);
    }
  });
});

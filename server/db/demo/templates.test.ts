import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionBody } from '../../../common/schemas/questions';
import { compileTemplate, previewVariant, type QuestionTemplate } from '../../../common/templates';
import { listQuestions } from '../../modules/questions/queries';
import { katexError } from '../../modules/variants/variants';
import { createTestApp, type TestApp } from '../../test/harness';
import { DEMO_TEMPLATES, seedDemoTemplates } from './templates';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the demo bank's questions with random numbers", () => {
  it('are seeded once, each valid by the authoring rules, and their first twenty variants pass every self-check', async () => {
    expect(await seedDemoTemplates(t.db, t.app.uploads)).toBe(DEMO_TEMPLATES.length);
    expect(await seedDemoTemplates(t.db, t.app.uploads)).toBe(0);
    const { questions } = await listQuestions(t.db, { page: 1, limit: 100 });
    expect(questions).toHaveLength(DEMO_TEMPLATES.length);
    for (const q of questions) {
      const parsed = questionBody.safeParse(q);
      expect(parsed.success, `${q.questionText}: ${parsed.error?.issues[0].message}`).toBe(true);
      const template = compileTemplate(q.template as QuestionTemplate);
      const texts = new Set<string>();
      for (let seed = 1; seed <= 20; seed++) {
        const variant = previewVariant(template, q, seed, katexError);
        expect(variant.problems, `${q.questionText} variant ${seed}`).toEqual([]);
        expect(variant.question!.questionText).not.toMatch(/\{[+^]?[a-z]\w*(:[^}]*)?\}/);
        texts.add(variant.question!.questionText);
      }
      expect(texts.size, q.questionText).toBeGreaterThan(5);
    }
  });
});

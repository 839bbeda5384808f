/** The demo academy's skills: each demo focus area, some of them narrowed by a category, and two prerequisites. */
import { skillName } from '../../../common/rules/skills';
import type { Db } from '../client';
import { skillPrerequisites, skills } from '../schema';
import { ensureTags, type Category, type Focus } from './questions';

interface DemoSkill {
  focus: Focus;
  category?: Category;
  grades: [number, number];
}

const SKILLS: DemoSkill[] = [
  { focus: 'Computation', grades: [3, 8] },
  { focus: 'Computation', category: 'Number Sense', grades: [3, 6] },
  { focus: 'Computation', category: 'Fractions', grades: [4, 7] },
  { focus: 'Reasoning', grades: [3, 8] },
  { focus: 'Reasoning', category: 'Algebra', grades: [6, 8] },
  { focus: 'Problem Solving', grades: [3, 8] },
];

/** Skill names: the first comes before the second. */
const PREREQUISITES: Array<[string, string]> = [
  ['Computation: Number Sense', 'Computation: Fractions'],
  ['Computation: Fractions', 'Reasoning: Algebra'],
];

/**
 * Seeds the demo skills once: a bank that has any skill is left alone, so a skill staff deleted stays deleted.
 * Returns how many were added.
 */
export async function seedDemoSkills(db: Db): Promise<number> {
  const [existing] = await db.select({ id: skills.id }).from(skills).limit(1);
  if (existing) return 0;
  const tags = await ensureTags(db);
  return db.transaction(async (tx) => {
    const made = await tx
      .insert(skills)
      .values(
        SKILLS.map((s) => ({
          focusAreaId: tags.focus.get(s.focus)!,
          categoryId: s.category ? tags.category.get(s.category)! : null,
          gradeMin: s.grades[0],
          gradeMax: s.grades[1],
        })),
      )
      // Another instance starting at the same moment seeded them first.
      .onConflictDoNothing()
      .returning({ id: skills.id, focusAreaId: skills.focusAreaId, categoryId: skills.categoryId });
    if (made.length < SKILLS.length) return made.length;
    const key = (focusAreaId: string, categoryId: string | null) => `${focusAreaId}/${categoryId ?? ''}`;
    const madeId = new Map(made.map((m) => [key(m.focusAreaId, m.categoryId), m.id]));
    const idOf = new Map(
      SKILLS.map((s) => [
        skillName(s.focus, s.category ?? null),
        madeId.get(key(tags.focus.get(s.focus)!, s.category ? tags.category.get(s.category)! : null))!,
      ]),
    );
    await tx
      .insert(skillPrerequisites)
      .values(
        PREREQUISITES.map(([before, after]) => ({ skillId: idOf.get(after)!, prerequisiteId: idOf.get(before)! })),
      )
      .onConflictDoNothing();
    return made.length;
  });
}

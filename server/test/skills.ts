/** Skills for tests: a focus area with a skill of its own and one narrowed to a category, and questions of each. */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/prepared';
import { buildQuestion } from './factories';

/** Four questions of the focus area alone (`plain`) and two of the category too (`worded`). */
export async function buildSkills(db: Db) {
  const suffix = randomUUID().slice(0, 8);
  const [focus] = await rows<{ id: string }>(
    db,
    sql`insert into focus_areas (name) values (${`Fractions ${suffix}`}) returning id`,
  );
  const [category] = await rows<{ id: string }>(
    db,
    sql`insert into categories (name) values (${`Word problems ${suffix}`}) returning id`,
  );
  const [whole] = await rows<{ id: string }>(
    db,
    sql`insert into skills (focus_area_id) values (${focus.id}) returning id`,
  );
  const [narrow] = await rows<{ id: string }>(
    db,
    sql`insert into skills (focus_area_id, category_id, grade_min, grade_max) values (${focus.id}, ${category.id}, 4, 6) returning id`,
  );
  const question = async (inCategory: boolean) => {
    const q = await buildQuestion(db);
    await db.execute(sql`insert into question_focus (question_id, focus_id) values (${q.id}, ${focus.id})`);
    if (inCategory)
      await db.execute(
        sql`insert into question_categories (question_id, category_id) values (${q.id}, ${category.id})`,
      );
    return q.id;
  };
  const plain = [await question(false), await question(false), await question(false), await question(false)];
  const worded = [await question(true), await question(true)];
  return {
    focusName: `Fractions ${suffix}`,
    categoryName: `Word problems ${suffix}`,
    whole: whole.id,
    narrow: narrow.id,
    plain,
    worded,
  };
}

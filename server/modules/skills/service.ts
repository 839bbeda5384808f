/**
 * Skills and the skills that come before them, as staff edit them in the category manager. One skill per focus
 * area and category (the database's unique index decides, so two simultaneous adds cannot both win), and the
 * prerequisites stay acyclic: every change of them takes the graph's lock before it looks for a cycle.
 */
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { skillName, SKILL_MESSAGES as M } from '../../../common/rules/skills';
import type { Skill, SkillPrerequisitesBody, SkillUpdateBody } from '../../../common/schemas/skills';
import type { Db, Tx } from '../../db/client';
import { rows } from '../../db/prepared';
import { skillPrerequisites, skills } from '../../db/schema';
import { Conflict, Invalid, isForeignKeyViolation, isUniqueViolation, NotFound } from '../../lib/errors';

interface SkillRow {
  id: string;
  focus_area_id: string;
  focus_area_name: string;
  category_id: string | null;
  category_name: string | null;
  grade_min: number | null;
  grade_max: number | null;
  prerequisite_ids: string[] | null;
  question_count: number;
}

/**
 * Skills with their names, prerequisites and how many questions practice each, in one statement: a question
 * practices a skill when it carries the skill's focus area and, when the skill names one, its category.
 */
async function selectSkills(db: Db | Tx, where: SQL = sql`true`): Promise<Skill[]> {
  const found = await rows<SkillRow>(
    db,
    sql`select s.id, s.focus_area_id, fa.name as focus_area_name, s.category_id, c.name as category_name,
          s.grade_min, s.grade_max,
          (select array_agg(sp.prerequisite_id order by sp.prerequisite_id)
             from skill_prerequisites sp where sp.skill_id = s.id) as prerequisite_ids,
          (select count(*)::int from question_focus qf
             where qf.focus_id = s.focus_area_id
               and (s.category_id is null or exists (
                 select 1 from question_categories qc
                  where qc.question_id = qf.question_id and qc.category_id = s.category_id))) as question_count
        from skills s
        join focus_areas fa on fa.id = s.focus_area_id
        left join categories c on c.id = s.category_id
        where ${where}
        order by lower(fa.name), fa.name, lower(c.name) nulls first, c.name`,
  );
  return found.map((r) => ({
    id: r.id,
    name: skillName(r.focus_area_name, r.category_name),
    focusArea: { id: r.focus_area_id, name: r.focus_area_name },
    category: r.category_id && r.category_name !== null ? { id: r.category_id, name: r.category_name } : null,
    gradeMin: r.grade_min,
    gradeMax: r.grade_max,
    prerequisiteIds: r.prerequisite_ids ?? [],
    questionCount: Number(r.question_count),
  }));
}

export function listSkills(db: Db): Promise<Skill[]> {
  return selectSkills(db);
}

async function getSkill(db: Db | Tx, id: string): Promise<Skill> {
  const [skill] = await selectSkills(db, sql`s.id = ${id}`);
  if (!skill) throw NotFound(M.notFound);
  return skill;
}

/** The name a focus area and an optional category give a skill; refuses either when it does not exist. */
async function nameOf(db: Db | Tx, focusAreaId: string, categoryId: string | null): Promise<string> {
  const [found] = await rows<{ focus_area_name: string; category_name: string | null }>(
    db,
    sql`select fa.name as focus_area_name, c.name as category_name
          from focus_areas fa left join categories c on c.id = ${categoryId}
         where fa.id = ${focusAreaId}`,
  );
  if (!found) throw Invalid(M.focusAreaNotFound);
  if (categoryId !== null && found.category_name === null) throw Invalid(M.categoryNotFound);
  return skillName(found.focus_area_name, found.category_name);
}

/** A focus area or category deleted between the check and the write: the write's foreign key tells. */
async function refusedReference(db: Db, focusAreaId: string, categoryId: string | null): Promise<never> {
  await nameOf(db, focusAreaId, categoryId);
  throw Invalid(M.focusAreaNotFound);
}

export interface NewSkill {
  focusAreaId: string;
  categoryId: string | null;
  gradeMin: number | null;
  gradeMax: number | null;
}

export async function createSkill(db: Db, input: NewSkill): Promise<Skill> {
  const name = await nameOf(db, input.focusAreaId, input.categoryId);
  let created: { id: string } | undefined;
  try {
    [created] = await db.insert(skills).values(input).onConflictDoNothing().returning({ id: skills.id });
  } catch (error) {
    if (isForeignKeyViolation(error)) return refusedReference(db, input.focusAreaId, input.categoryId);
    throw error;
  }
  if (!created) throw Conflict(M.duplicate(name));
  return getSkill(db, created.id);
}

/** Changes only the fields sent; the grade band's order is checked against the stored end a change leaves alone. */
export async function updateSkill(db: Db, id: string, changes: SkillUpdateBody): Promise<Skill> {
  let name = '';
  let target: NewSkill | undefined;
  try {
    return await db.transaction(async (tx) => {
      const [stored] = await tx.select().from(skills).where(eq(skills.id, id)).for('update');
      if (!stored) throw NotFound(M.notFound);
      target = {
        focusAreaId: changes.focusAreaId ?? stored.focusAreaId,
        categoryId: changes.categoryId === undefined ? stored.categoryId : changes.categoryId,
        gradeMin: changes.gradeMin === undefined ? stored.gradeMin : changes.gradeMin,
        gradeMax: changes.gradeMax === undefined ? stored.gradeMax : changes.gradeMax,
      };
      if (target.gradeMin !== null && target.gradeMax !== null && target.gradeMin > target.gradeMax)
        throw Invalid(M.gradeOrder);
      name = await nameOf(tx, target.focusAreaId, target.categoryId);
      await tx
        .update(skills)
        .set({ ...target, updatedAt: new Date() })
        .where(eq(skills.id, id));
      return getSkill(tx, id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw Conflict(M.duplicate(name));
    if (isForeignKeyViolation(error) && target) return refusedReference(db, target.focusAreaId, target.categoryId);
    throw error;
  }
}

export async function deleteSkill(db: Db, id: string): Promise<void> {
  const deleted = await db.delete(skills).where(eq(skills.id, id)).returning({ id: skills.id });
  if (deleted.length === 0) throw NotFound(M.notFound);
}

/** The advisory lock changes of the prerequisite graph take turns under ("sklg" in ASCII). */
const GRAPH_LOCK = 0x736b6c67;

/**
 * Replaces a skill's prerequisites. Under the graph's lock, so two changes cannot each pass the cycle check and
 * together close a cycle (A before B here, B before A there).
 */
export async function setPrerequisites(
  db: Db,
  id: string,
  { prerequisiteIds }: Required<SkillPrerequisitesBody>,
): Promise<Skill> {
  if (prerequisiteIds.includes(id)) throw Invalid(M.prerequisiteItself);
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${GRAPH_LOCK})`);
      const [skill] = await selectSkills(tx, sql`s.id = ${id}`);
      if (!skill) throw NotFound(M.notFound);
      if (prerequisiteIds.length > 0) {
        const named = await tx.select({ id: skills.id }).from(skills).where(inArray(skills.id, prerequisiteIds));
        if (named.length !== prerequisiteIds.length) throw Invalid(M.prerequisiteNotFound);
        const closing = await firstDependent(tx, id, prerequisiteIds);
        if (closing) throw Conflict(M.cycle(skill.name, (await getSkill(tx, closing)).name));
      }
      await tx.delete(skillPrerequisites).where(eq(skillPrerequisites.skillId, id));
      if (prerequisiteIds.length > 0)
        await tx
          .insert(skillPrerequisites)
          .values(prerequisiteIds.map((prerequisiteId) => ({ skillId: id, prerequisiteId })));
      return getSkill(tx, id);
    });
  } catch (error) {
    // A prerequisite deleted while this waited for the lock.
    if (isForeignKeyViolation(error)) throw Invalid(M.prerequisiteNotFound);
    throw error;
  }
}

/**
 * One of `candidates` that already needs the skill, directly or through others: making it a prerequisite would
 * close a cycle. Walks the skills that need the skill (the prerequisite index serves each step); `union` visits
 * each skill once.
 */
async function firstDependent(tx: Tx, skillId: string, candidates: string[]): Promise<string | null> {
  const [found] = await rows<{ id: string }>(
    tx,
    sql`with recursive dependents(id) as (
          select sp.skill_id from skill_prerequisites sp where sp.prerequisite_id = ${skillId}
          union
          select sp.skill_id from skill_prerequisites sp join dependents d on sp.prerequisite_id = d.id
        )
        select d.id from dependents d
         where d.id in (${sql.join(
           candidates.map((c) => sql`${c}::uuid`),
           sql`, `,
         )})
         limit 1`,
  );
  return found?.id ?? null;
}

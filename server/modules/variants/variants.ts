/**
 * Variants in use: a stored template read, a variant drawn and kept by question and seed, the seed a student is
 * given (kept in `student_variants`, so they find the same numbers when they come back) and the choice of a new one.
 */
import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import katex from 'katex';
import { MAX_SEED, TEMPLATE_LIMITS, TEMPLATE_MESSAGES } from '../../../common/rules/templates';
import type { VariantPreviewData, VariantPreviewReply } from '../../../common/schemas/questions';
import type { QuestionType } from '../../../common/rules/questions';
import { templateReply } from '../../../common/schemas/templates';
import {
  compileTemplate,
  drawVariant,
  fillQuestion,
  previewVariant,
  type CompiledTemplate,
  type QuestionTemplate,
  valuesLatex,
  type VariedParts,
} from '../../../common/templates';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { rows } from '../../db/prepared';
import { questions } from '../../db/schema';
import type { Variant } from './kept';

/** A question as its variants are drawn from: its parts and its stored template. */
export interface TemplatedQuestion extends VariedParts {
  id: string;
  type: QuestionType;
  answerForms: unknown;
  template: unknown;
}

/** A stored template read by the language; null for a question without one (or one that no longer reads). */
export function storedTemplate(value: unknown): CompiledTemplate | null {
  if (value === null || value === undefined) return null;
  const parsed = templateReply.safeParse(value);
  if (!parsed.success || parsed.data === null) return null;
  try {
    return compileTemplate(parsed.data as QuestionTemplate);
  } catch {
    return null;
  }
}

/** Why KaTeX cannot draw a piece of LaTeX, with the settings every page draws math with; null when it can. */
export function katexError(latex: string): string | null {
  try {
    katex.renderToString(latex, { throwOnError: true, trust: false, strict: 'ignore', maxExpand: 500, maxSize: 20 });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message.replace(/^KaTeX parse error: /, '') : String(error);
  }
}

/** The columns a variant is drawn from. */
export const templatedColumns = {
  id: questions.id,
  type: questions.type,
  questionText: questions.questionText,
  options: questions.options,
  answer: questions.answer,
  answerForms: questions.answerForms,
  hint: questions.hint,
  solution: questions.solution,
  template: questions.template,
};

/** The question's parts and template by id, for drawing its variants; null when it is gone. */
export async function loadTemplated(db: Db, questionId: string): Promise<TemplatedQuestion | null> {
  const [row] = await db.select(templatedColumns).from(questions).where(eq(questions.id, questionId));
  return row ?? null;
}

/**
 * The variant `seed` of a question, drawn once for every student given it and kept by question and seed; null when
 * the question has no template or the seed draws nothing. `load` reads the question when the variant is not kept.
 */
export function variantOf(
  ctx: AppContext,
  questionId: string,
  seed: number,
  load: () => Promise<TemplatedQuestion | null>,
): Promise<Variant | null> {
  return ctx.memos.questionVariant.remember(
    { question: questionId, seed },
    async () => {
      const question = await load();
      const template = question && storedTemplate(question.template);
      if (!question || !template) return null;
      const drawn = drawVariant(template, seed);
      if (!drawn.ok) return null;
      const filled = fillQuestion(question, drawn.values);
      return {
        type: filled.type,
        questionText: filled.questionText,
        options: filled.options,
        answer: filled.answer,
        answerForms: filled.answerForms,
        hint: filled.hint,
        solution: filled.solution,
        verdicts: new Map(),
      };
    },
    (found) => found !== null,
  );
}

/** The variant staff see where no student's is named (the bank's previews, a section's list): the first approved or drawn. */
export function sampleSeed(template: CompiledTemplate): number | null {
  if (template.seeds) return template.seeds[0];
  for (let seed = 1; seed <= TEMPLATE_LIMITS.savedDraws; seed++) if (drawVariant(template, seed).ok) return seed;
  return null;
}

/** Seeds tried for a new variant before the first drawable one is taken. */
const SEED_TRIES = 12;

/**
 * A seed for a new variant: one of the approved, the least given first (`given`: students by seed) so that students
 * side by side get different numbers, or a random one whose variant passes its self-checks; never `current`, nor
 * one that reads the same. Null when there is none.
 */
export function chooseSeed(
  template: CompiledTemplate,
  question: TemplatedQuestion,
  current: number | null,
  given: ReadonlyMap<number, number> = new Map(),
): number | null {
  const noMath = () => null;
  const avoid = current === null ? null : previewVariant(template, question, current, noMath).signature;
  const timesGiven = (seed: number) => given.get(seed) ?? 0;
  const candidates = template.seeds
    ? shuffled(template.seeds)
        .sort((a, b) => timesGiven(a) - timesGiven(b))
        .slice(0, SEED_TRIES)
    : Array.from({ length: SEED_TRIES }, () => randomInt(1, MAX_SEED + 1));
  let fallback: number | null = null;
  for (const seed of candidates) {
    if (seed === current) continue;
    const variant = previewVariant(template, question, seed, noMath);
    if (variant.question === null || variant.signature === avoid) continue;
    // An approved variant was seen by its author; a random one must pass the checks the preview runs.
    if (template.seeds || variant.problems.length === 0) return seed;
    fallback ??= seed;
  }
  return fallback;
}

function shuffled(seeds: readonly number[]): number[] {
  const list = [...seeds];
  for (let i = list.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

/**
 * The seeds of a student's variants of these questions (those with a template), given now to those they never had:
 * one read for the ones not kept, one insert for the new (a concurrent first read of the same question keeps the
 * seed that was stored first).
 */
export async function studentSeeds(
  ctx: AppContext,
  studentId: string,
  list: readonly TemplatedQuestion[],
): Promise<Map<string, number>> {
  const seeds = new Map<string, number>();
  const unknown: TemplatedQuestion[] = [];
  for (const question of list) {
    if (question.template === null) continue;
    const kept = ctx.memos.studentVariant.get({ student: studentId, question: question.id });
    if (kept === undefined) unknown.push(question);
    else seeds.set(question.id, kept);
  }
  if (unknown.length === 0) return seeds;
  const ids = unknown.map((q) => q.id);
  const stored = await storedSeeds(ctx.db, studentId, ids);
  const toGive = unknown.flatMap((question) => {
    const template = stored.has(question.id) ? null : storedTemplate(question.template);
    return template ? [{ question, template }] : [];
  });
  const given = await seedsGiven(
    ctx.db,
    toGive.filter((g) => g.template.seeds).map((g) => g.question.id),
  );
  const fresh = toGive.flatMap(({ question, template }) => {
    const seed = chooseSeed(template, question, null, given.get(question.id));
    return seed === null ? [] : [{ questionId: question.id, seed }];
  });
  if (fresh.length > 0) {
    await rows(
      ctx.db,
      sql`insert into student_variants (student_id, question_id, seed)
          select ${studentId}::uuid, n_v.question_id, n_v.seed
          from unnest(${`{${fresh.map((f) => f.questionId).join(',')}}`}::uuid[], ${`{${fresh.map((f) => f.seed).join(',')}}`}::int[]) as n_v(question_id, seed)
          on conflict do nothing`,
    );
    for (const [questionId, seed] of await storedSeeds(
      ctx.db,
      studentId,
      fresh.map((f) => f.questionId),
    ))
      stored.set(questionId, seed);
  }
  for (const [questionId, seed] of stored) {
    seeds.set(questionId, seed);
    void ctx.memos.studentVariant.remember({ student: studentId, question: questionId }, async () => seed);
  }
  return seeds;
}

/** How many students have each seed of these questions (those with approved variants), by question. */
async function seedsGiven(db: Db, questionIds: string[]): Promise<Map<string, Map<number, number>>> {
  const given = new Map<string, Map<number, number>>();
  if (questionIds.length === 0) return given;
  const found = await rows<{ question_id: string; seed: number; n: number }>(
    db,
    sql`select sg_v.question_id, sg_v.seed, count(*)::int as n from student_variants sg_v
        where sg_v.question_id = any(${`{${questionIds.join(',')}}`}::uuid[]) group by sg_v.question_id, sg_v.seed`,
  );
  for (const row of found) {
    if (!given.has(row.question_id)) given.set(row.question_id, new Map());
    given.get(row.question_id)!.set(row.seed, row.n);
  }
  return given;
}

async function storedSeeds(db: Db, studentId: string, questionIds: string[]): Promise<Map<string, number>> {
  const found = await rows<{ question_id: string; seed: number }>(
    db,
    sql`select sv.question_id, sv.seed from student_variants sv
        where sv.student_id = ${studentId} and sv.question_id = any(${`{${questionIds.join(',')}}`}::uuid[])`,
  );
  return new Map(found.map((row) => [row.question_id, row.seed]));
}

/** The seed of a student's variant of one question, given now when they have none; null when none can be drawn. */
export async function studentSeed(
  ctx: AppContext,
  studentId: string,
  question: TemplatedQuestion,
): Promise<number | null> {
  return (await studentSeeds(ctx, studentId, [question])).get(question.id) ?? null;
}

/**
 * The author's preview: each variant asked for, drawn from the draft as it stands, its rich text sanitized as it
 * would be saved, with its self-checks (KaTeX drawing its math) and the earlier variant it reads the same as.
 */
export function previewVariants(
  draft: VariantPreviewData,
  sanitize: (html: string) => string,
): VariantPreviewReply['variants'] {
  const template = compileTemplate(draft.template as QuestionTemplate);
  const question = {
    type: draft.type,
    questionText: sanitize(draft.questionText),
    options: Object.fromEntries(Object.entries(draft.options).map(([letter, text]) => [letter, sanitize(text)])),
    answer: draft.answer,
    answerForms: draft.answerForms,
    hint: draft.hint,
    solution: sanitize(draft.solution),
  };
  const seeds = draft.seeds ?? Array.from({ length: draft.count }, (_, i) => draft.from + i);
  const seen = new Map<string, number>();
  return seeds.map((seed) => {
    const variant = previewVariant(template, question, seed, katexError);
    const shown = variant.question ?? question;
    const sameAs = variant.question ? (seen.get(variant.signature) ?? null) : null;
    if (variant.question && sameAs === null) seen.set(variant.signature, seed);
    return {
      seed,
      values: variant.values && valuesLatex(variant.values),
      questionText: shown.questionText,
      options: shown.options as Record<string, string>,
      answer: shown.answer,
      answerForms: shown.answerForms,
      hint: shown.hint,
      solution: shown.solution,
      problems: sameAs === null ? variant.problems : [...variant.problems, TEMPLATE_MESSAGES.duplicate(sameAs)],
      sameAs,
    };
  });
}

/** A deterministic 31-bit seed of a text (FNV-1a): a printed paper's variants are the same each time it is printed. */
function seedOfText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return ((hash >>> 0) % MAX_SEED) + 1;
}

/**
 * The variant of a question on a printed paper: chosen by the paper (its test and version), so every copy of version
 * A reads the same and comes with the same key; one that passes its self-checks, or else the first drawable. Of
 * approved variants, the versions take them in turn from a place the test picks, so versions differ while any is left.
 */
export function paperSeed(
  template: CompiledTemplate,
  question: TemplatedQuestion,
  testId: string,
  version: number,
): number | null {
  const noMath = () => null;
  let fallback: number | null = null;
  const start = seedOfText(`${testId}:${question.id}`);
  for (let step = 0; step < SEED_TRIES; step++) {
    const seed = template.seeds
      ? template.seeds[(start + version + step) % template.seeds.length]
      : seedOfText(`${testId}:${version}:${question.id}:${step}`);
    const variant = previewVariant(template, question, seed, noMath);
    if (variant.question === null) continue;
    if (template.seeds || variant.problems.length === 0) return seed;
    fallback ??= seed;
  }
  return fallback;
}

/** New variants for a sitting's paper: a seed per question with random numbers, each student's own. */
export function sittingSeeds(list: readonly TemplatedQuestion[]): Map<string, number> {
  const seeds = new Map<string, number>();
  for (const question of list) {
    const template = storedTemplate(question.template);
    const seed = template && chooseSeed(template, question, null);
    if (seed !== null) seeds.set(question.id, seed);
  }
  return seeds;
}

/**
 * A question's key as the variant `seed` has it, drawn without the kept variants (a sitting's scoring runs in a
 * transaction, rarely): the question itself when it has no template or the seed draws nothing.
 */
export function keyedVariant<T extends TemplatedQuestion>(question: T, seed: number | null | undefined): T {
  const template = seed ? storedTemplate(question.template) : null;
  const drawn = template && drawVariant(template, seed!);
  return drawn && drawn.ok ? fillQuestion(question, drawn.values) : question;
}

/** The seeds a sitting's paper gave its questions with random numbers, by question. */
export const paperSeeds = (paper: ReadonlyArray<{ questionId: string | null; seed?: number }>): Map<string, number> =>
  new Map(paper.flatMap((p) => (p.questionId && p.seed ? [[p.questionId, p.seed] as const] : [])));

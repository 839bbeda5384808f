/**
 * What the author wrote in step 2 of question creation, kept while they move between the steps and across a
 * reload, until the question is created or the creation cancelled (a fresh step 1 starts a new question).
 * The text parts live in sessionStorage (this tab only, keyed by user); chosen images cannot be stored there,
 * so they are held in memory: they survive the steps, not a reload.
 */
import { z } from 'zod';
import type { QuestionDraft } from './draft';

const step2Content = z.object({
  questionText: z.string(),
  solution: z.string(),
  hint: z.string(),
  options: z.array(z.string()),
  correct: z.array(z.string()),
  blanks: z.array(z.array(z.string())).min(1),
  template: z
    .object({
      variables: z.array(
        z.object({
          name: z.string(),
          kind: z.enum(['range', 'choice', 'computed']),
          min: z.string(),
          max: z.string(),
          step: z.string(),
          values: z.array(z.string()),
          expression: z.string(),
        }),
      ),
      constraints: z.array(z.string()),
      seeds: z.array(z.number()).nullable(),
    })
    .nullable()
    .default(null),
});
export type Step2Content = z.infer<typeof step2Content>;

const storageKey = (userId: string) => `questionDraft:${userId}`;
let heldFiles: { userId: string; files: File[] } | null = null;

export function step2ContentOf(draft: QuestionDraft): Step2Content {
  const { questionText, solution, hint, options, correct, blanks, template } = draft;
  return { questionText, solution, hint, options, correct, blanks, template };
}

/** The stored draft of this user, or nothing when there is none or it cannot be read. */
export function loadStep2Draft(userId: string): { content: Step2Content | null; files: File[] } {
  let content: Step2Content | null = null;
  try {
    const raw = sessionStorage.getItem(storageKey(userId));
    const parsed = raw ? step2Content.safeParse(JSON.parse(raw)) : null;
    content = parsed?.success ? parsed.data : null;
  } catch {
    // Unreadable storage (disabled, or not JSON) holds no draft.
  }
  return { content, files: heldFiles?.userId === userId ? heldFiles.files : [] };
}

export function saveStep2Draft(userId: string, content: Step2Content, files: File[]) {
  heldFiles = { userId, files };
  try {
    sessionStorage.setItem(storageKey(userId), JSON.stringify(content));
  } catch {
    // Storage full or disabled: the draft still lives in the page until it is left.
  }
}

export function clearStep2Draft(userId: string) {
  heldFiles = null;
  try {
    sessionStorage.removeItem(storageKey(userId));
  } catch {
    // Nothing stored where storage is disabled.
  }
}

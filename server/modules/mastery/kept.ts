import { keptMemo, MB } from '../../lib/kept/declare';

/**
 * Which skills a student's or a class's sections practice: the costly part of a skills read (the sections open to
 * them, their questions' tags matched to the skills), which changes with assignments and the bank, not with answers.
 * The levels are looked up afresh on every read.
 */

/** A skill's name as the heat map shows it, in the order of the map's columns. */
export interface SkillNameRow {
  skill_id: string;
  focus_area: string;
  category: string | null;
  grade_min: number | null;
  grade_max: number | null;
}

export const masteryMemos = {
  /**
   * By student: the ids of the skills the questions of their open sections practice. A change of their assignments
   * or classes names them; a change of a question's tags names the question, not the students who reach it, and a
   * skill's change names nothing: the bank's notices empty it whole.
   */
  studentPracticedSkills: keptMemo<string[], { student: string }>({
    clearedBy: ['content', 'bank'],
    clearedWholeBy: ['bank'],
    maxBytes: 8 * MB,
    scoped: true,
  }),
  /**
   * By class: the skills its sections practice, named and in order. What a class gives is announced by the students
   * it reaches, so any change of content empties it whole, as the bank's do.
   */
  classPracticedSkills: keptMemo<SkillNameRow[]>({ clearedBy: ['content', 'bank'], maxBytes: 4 * MB, scoped: false }),
};

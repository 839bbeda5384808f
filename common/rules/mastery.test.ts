import { describe, expect, it } from 'vitest';
import {
  EMPTY_SKILL_STATE,
  foldSkillState,
  levelOfRecent,
  nextSkillState,
  RECENT_WINDOW,
  SKILL_LEVELS,
  skillLevelLabel,
  type SkillEvent,
  type SkillState,
} from './mastery';

/** Answers written as letters: p/P practice wrong/right, m/M mixed wrong/right. */
const answers = (written: string): SkillEvent[] =>
  [...written].map((c) => ({ kind: c.toLowerCase() === 'm' ? 'mixed' : 'practice', right: c === c.toUpperCase() }));
const levelAfter = (written: string) => foldSkillState(answers(written)).level;
const stateAt = (level: SkillState['level'], written = ''): SkillState => ({
  ...foldSkillState(answers(written)),
  level,
});

describe('the skill levels', () => {
  it('are five, labelled in order', () => {
    expect(SKILL_LEVELS.map((l) => l.label)).toEqual([
      'Not started',
      'Attempted',
      'Familiar',
      'Proficient',
      'Mastered',
    ]);
    expect(SKILL_LEVELS.map((l) => l.level)).toEqual([0, 1, 2, 3, 4]);
    expect(skillLevelLabel(3)).toBe('Proficient');
    expect(skillLevelLabel(9)).toBe('Not started');
  });
});

describe('the recent first tries', () => {
  it('show nothing before the first try', () => {
    expect(levelOfRecent(0, 0)).toBe(0);
    expect(levelAfter('')).toBe(0);
  });

  it('keep the newest in the lowest bit and at most ten', () => {
    const state = foldSkillState(answers('PPPPPPPPPPPp'));
    expect(state.recentCount).toBe(RECENT_WINDOW);
    expect(state.recentFirstTries).toBe(0b1111111110);
    expect(state.firstTries).toBe(12);
    expect(state.firstTriesRight).toBe(11);
  });

  it('read Familiar at 70% with at least three tries, not before', () => {
    expect(levelOfRecent(0b11, 2)).toBe(1); // two right: too few for Familiar, and no streak of three
    expect(levelOfRecent(0b101, 3)).toBe(1); // 67%
    expect(levelOfRecent(0b1011, 4)).toBe(2); // 75%, the newest right
    expect(levelOfRecent(0b1111110, 10)).toBe(1); // 60%
    expect(levelOfRecent(0b1111101010, 10)).toBe(2); // exactly 70%
  });

  it('read Proficient when the latest three are right in a row', () => {
    expect(levelOfRecent(0b111, 3)).toBe(3);
    expect(levelOfRecent(0b0000000111, 10)).toBe(3); // 30% but the last three right
    expect(levelOfRecent(0b1111111011, 10)).toBe(2); // 90% but the streak broken
    expect(levelOfRecent(0b111, 2)).toBe(1); // bits past the count mean nothing
  });
});

describe('practice', () => {
  it.each([
    ['p', 1, 'any try is Attempted, even wrong'],
    ['P', 1, 'one right is not yet Familiar'],
    ['PP', 1, 'two right are not yet Familiar'],
    ['PPP', 3, 'three right in a row are Proficient'],
    ['PpP', 1, '67% of three is under 70%'],
    ['PpPP', 2, 'three of four is 75%: Familiar (the streak is two)'],
    ['PpPPP', 3, 'then three in a row'],
    ['pppppppPPP', 3, 'three in a row after seven wrong: Proficient'],
    ['PPPp', 2, 'a wrong try lowers Proficient one level'],
    ['pppppppPPPp', 2, 'by one level at most, whatever the share shows'],
    ['pppppppPPPpp', 1, 'a second wrong try lowers again'],
    ['PPPPPPPPpPp', 2, 'a wrong try leaves Familiar when the share still shows it (80%)'],
    ['PpPPp', 1, 'and lowers it when it does not (60%)'],
    ['pppp', 1, 'wrong tries never go below Attempted'],
  ])('%s: level %i (%s)', (written, level) => {
    expect(levelAfter(written)).toBe(level);
  });

  it('never lowers Mastered', () => {
    expect(levelAfter('PPPM')).toBe(4);
    expect(levelAfter('PPPMpppppppppp')).toBe(4);
  });

  it('right answers never lower a level', () => {
    // Familiar held by the one-level rule while the share shows Attempted: a right answer keeps it.
    const state = stateAt(2, 'pppppppppp');
    expect(nextSkillState(state, { kind: 'practice', right: true }).level).toBe(2);
  });
});

describe('mixed assessments', () => {
  it('confirm Proficient as Mastered, and keep Mastered', () => {
    expect(levelAfter('PPPM')).toBe(4);
    expect(levelAfter('PPPMM')).toBe(4);
  });

  it('lower Mastered to Proficient and Proficient to Familiar when wrong', () => {
    expect(levelAfter('PPPMm')).toBe(3);
    expect(levelAfter('PPPMmm')).toBe(2);
    expect(levelAfter('PPPm')).toBe(2);
  });

  it('are Mastered again by a right mixed answer after falling to Proficient', () => {
    expect(levelAfter('PPPMmM')).toBe(4);
  });

  it('count as a first try below Proficient, and never make Mastered from there', () => {
    expect(levelAfter('M')).toBe(1);
    expect(levelAfter('m')).toBe(1);
    expect(levelAfter('MMM')).toBe(3); // a streak of mixed answers makes Proficient...
    expect(levelAfter('MMMM')).toBe(4); // ...and the next right mixed answer confirms it
    expect(levelAfter('PpPPm')).toBe(1); // wrong below Proficient: as a wrong practice try
  });

  it('join the recent first tries and the totals', () => {
    const state = foldSkillState(answers('PPPMm'));
    expect(state.recentFirstTries).toBe(0b11110);
    expect(state.recentCount).toBe(5);
    expect(state.firstTries).toBe(5);
    expect(state.firstTriesRight).toBe(4);
  });

  it('a wrong mixed answer breaks the streak, so practice must earn Proficient again', () => {
    expect(levelAfter('PPPmP')).toBe(2);
    expect(levelAfter('PPPmPPP')).toBe(3);
  });
});

describe('the fold', () => {
  it('starts from nothing and does not change the state it is given', () => {
    const before = { ...EMPTY_SKILL_STATE };
    nextSkillState(before, { kind: 'practice', right: true });
    expect(before).toEqual(EMPTY_SKILL_STATE);
    expect(foldSkillState([])).toEqual(EMPTY_SKILL_STATE);
  });

  it('continues from a kept state as a replay from the start would', () => {
    const all = answers('PpPPPMmpPPPM');
    const kept = foldSkillState(all.slice(0, 5));
    expect(foldSkillState(all.slice(5), kept)).toEqual(foldSkillState(all));
  });
});

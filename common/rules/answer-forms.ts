/**
 * The forms an answer may be asked in, per blank (the one home of their names and of what a student is told): the
 * checker tests them in common/answers/forms.ts; the editor, the printed key and the review show their labels.
 */

/** The forms an author may ask for; several may combine ("simplest" and "mixed": a mixed number in lowest terms). */
export type AnswerForm =
  | { kind: 'simplest' }
  | { kind: 'mixed' }
  | { kind: 'improper' }
  | { kind: 'whole' }
  | { kind: 'decimalPlaces'; places: number }
  | { kind: 'significantFigures'; figures: number }
  | { kind: 'percent' }
  | { kind: 'exact' }
  | { kind: 'factored' }
  | { kind: 'expanded' }
  | { kind: 'variable'; name: string }
  | { kind: 'scientific' }
  | { kind: 'units'; units: string[] }
  /** Not a form but a leniency: the letters' case is ignored (`X` for `x`), which it otherwise never is. */
  | { kind: 'anyCase' }
  /**
   * Not a form but a leniency: a number within ± margin of the key is right (a numerical question with a tolerance).
   * Unlike the other leniencies it is told: a student who knows how close is close enough can choose how far to work.
   */
  | { kind: 'margin'; margin: number }
  /** Not a form but a reading: `i` is the imaginary unit, which it otherwise never is (a variable). */
  | { kind: 'complex' }
  /** Not a form but a reading: letters the author says are never zero, so an equation may be divided by them. */
  | { kind: 'nonZero'; names: string[] };

export type AnswerFormKind = AnswerForm['kind'];

/** The most places or figures a rounding form asks for: more is no longer rounding a school answer. */
export const MAX_ROUNDING_DIGITS = 10;
/** The widest margin a blank may allow: wider is no longer a check of the answer, and stays far from float overflow. */
export const MAX_MARGIN = 1e12;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The forms a student is told to answer in: all but the leniencies that ask nothing of them. A margin is told
 * although it asks nothing either: how precise an answer must be is what a student needs to know to give it.
 */
export const formsToTell = (forms: readonly AnswerForm[]): AnswerForm[] =>
  forms.filter((form) => form.kind !== 'anyCase' && form.kind !== 'nonZero');

/** What the author picks from, and what the printed key and the review say was asked. */
export function formLabel(form: AnswerForm): string {
  switch (form.kind) {
    case 'simplest':
      return 'Simplest form';
    case 'mixed':
      return 'Mixed number';
    case 'improper':
      return 'Improper fraction';
    case 'whole':
      return 'Whole number';
    case 'decimalPlaces':
      return `Decimal to ${plural(form.places, 'place', 'places')}`;
    case 'significantFigures':
      return `${plural(form.figures, 'significant figure', 'significant figures')}`;
    case 'percent':
      return 'Percent';
    case 'exact':
      return 'Exact (no decimals)';
    case 'factored':
      return 'Factored';
    case 'expanded':
      return 'Expanded';
    case 'variable':
      return `In terms of ${form.name}`;
    case 'scientific':
      return 'Scientific notation';
    case 'units':
      return `With units (${form.units.join(', ')})`;
    case 'anyCase':
      return 'Letter case ignored';
    case 'margin':
      // The shortest string that reads back as the number: 0.01, never 0.010000000000000002.
      return `Within ± ${String(form.margin)}`;
    case 'complex':
      return 'Complex number (i is √−1)';
    case 'nonZero':
      return `Never zero: ${form.names.join(', ')}`;
  }
}

/** What a student reads when their answer is equal but not in the form asked. */
export function formFeedback(form: AnswerForm): string {
  switch (form.kind) {
    case 'simplest':
      return 'Equal, but not in simplest form';
    case 'mixed':
      return 'Write it as a mixed number';
    case 'improper':
      return 'Write it as an improper fraction';
    case 'whole':
      return 'Write it as a whole number';
    case 'decimalPlaces':
      return `Round to ${plural(form.places, 'decimal place', 'decimal places')}`;
    case 'significantFigures':
      return `Round to ${plural(form.figures, 'significant figure', 'significant figures')}`;
    case 'percent':
      return 'Write it as a percent';
    case 'exact':
      return 'Give the exact value, without decimals';
    case 'factored':
      return 'Write it in factored form';
    case 'expanded':
      return 'Write it in expanded form';
    case 'variable':
      return `Write it in terms of ${form.name}`;
    case 'scientific':
      return 'Write it in scientific notation';
    case 'units':
      return form.units.length === 1 ? `Give it in ${form.units[0]}` : `Give it in one of: ${form.units.join(', ')}`;
    case 'anyCase':
    case 'margin':
    case 'complex':
    case 'nonZero':
      // Never missed: they only say how an answer is read.
      return '';
  }
}

/** Each kind as the editor offers it, before any number or name it takes. */
export const FORM_KIND_LABELS: Record<AnswerFormKind, string> = {
  simplest: 'Simplest form',
  mixed: 'Mixed number',
  improper: 'Improper fraction',
  whole: 'Whole number',
  decimalPlaces: 'Decimal places',
  significantFigures: 'Significant figures',
  percent: 'Percent',
  exact: 'Exact (no decimals)',
  factored: 'Factored',
  expanded: 'Expanded',
  variable: 'In terms of a variable',
  scientific: 'Scientific notation',
  units: 'With units',
  anyCase: 'Any letter case (X for x)',
  margin: 'Within a margin',
  complex: 'Complex numbers (i is √−1)',
  nonZero: 'Letters never zero',
};

/** A new form of a kind, with the number or name it takes set to the usual one. */
export function newForm(kind: AnswerFormKind): AnswerForm {
  if (kind === 'decimalPlaces') return { kind, places: 2 };
  if (kind === 'significantFigures') return { kind, figures: 3 };
  if (kind === 'margin') return { kind, margin: 0.01 };
  if (kind === 'variable') return { kind, name: 'x' };
  if (kind === 'units') return { kind, units: [] };
  if (kind === 'nonZero') return { kind, names: [] };
  return { kind };
}

/** Every kind, in the order the editor offers them. */
export const ANSWER_FORM_KINDS: readonly AnswerFormKind[] = [
  'simplest',
  'mixed',
  'improper',
  'whole',
  'decimalPlaces',
  'significantFigures',
  'percent',
  'exact',
  'factored',
  'expanded',
  'variable',
  'scientific',
  'units',
  'anyCase',
  'margin',
  'complex',
  'nonZero',
];

/** The most letters a blank may say are never zero. */
export const MAX_NON_ZERO = 10;
/** The most units a blank may allow. */
export const MAX_FORM_UNITS = 10;
/** The longest unit an author may name (`km/h`, `cm^2`). */
export const MAX_UNIT_LENGTH = 12;

export const ANSWER_FORM_MESSAGES = {
  unreadable: 'The answer forms could not be read. Choose them again.',
  places: `Decimal places must be a whole number from 0 to ${MAX_ROUNDING_DIGITS}`,
  figures: `Significant figures must be a whole number from 1 to ${MAX_ROUNDING_DIGITS}`,
  margin: `The margin must be a number greater than 0 and at most ${MAX_MARGIN.toLocaleString('en-US')}`,
  variable: 'The variable must be a single letter',
  units: `List from 1 to ${MAX_FORM_UNITS} units, each at most ${MAX_UNIT_LENGTH} characters`,
  nonZero: `List from 1 to ${MAX_NON_ZERO} letters, separated by commas`,
  /** The author's accepted answer is not written in the form the blank asks. */
  keyNotInForm: (answer: string, blank: number | null, form: AnswerForm) =>
    `${blank === null ? 'The accepted answer' : `Blank ${blank}'s accepted answer`} ${answer} is not in the form asked (${formLabel(form)})`,
} as const;

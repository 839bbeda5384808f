/**
 * Questions with random numbers: the limits of a template (its variables, constraints and approved variants) and the
 * messages its author and students read. The template language itself is in `common/templates/`.
 */

export const TEMPLATE_LIMITS = {
  /** Variables one question may declare. */
  variables: 20,
  /** Constraints one question may declare. */
  constraints: 20,
  /** Characters of one expression (a computed value or a constraint). */
  expression: 200,
  /** How deep an expression may nest (brackets, functions, powers): deeper is refused when read. */
  depth: 24,
  /** Values a choice may list, and characters of one. */
  choices: 50,
  choiceLength: 40,
  /** The largest magnitude of a range's ends and of any value computed on the way: beyond it a draw fails. */
  magnitude: 1e12,
  /** Values one range may hold ((max - min) / step + 1). */
  rangeValues: 1e14,
  /** Draws of a variant before the generator gives up on the constraints. */
  draws: 1000,
  /** Work units one variant may cost (each step of an expression is one, each draw one per variable). */
  work: 100_000,
  /** Variants one preview may show. */
  preview: 30,
  /** Approved variants one question may keep. */
  approvedSeeds: 200,
  /** Of the preview's first variants, how many must be drawn for the template to be saved. */
  savedDraws: 10,
} as const;

/** The largest seed: seeds are positive 31-bit integers, so every machine reads them alike. */
export const MAX_SEED = 2 ** 31 - 1;

/** Versions of a printed paper (A, B, C...), each with its own variants and key. */
export const PAPER_VERSIONS = ['A', 'B', 'C', 'D', 'E'] as const;

/** How many wrong answers a student gives a variant before "Show me another" is offered. */
export const ANOTHER_AFTER_WRONG = 2;

/** Names a variable may not take: the functions of the language and its words. */
export const TEMPLATE_FUNCTIONS = [
  'gcd',
  'lcm',
  'abs',
  'min',
  'max',
  'floor',
  'ceil',
  'round',
  'mod',
  'sqrt',
  'sign',
  'num',
  'den',
] as const;
export const TEMPLATE_WORDS = ['and', 'or', 'not'] as const;

export const TEMPLATE_MESSAGES = {
  variableName: 'A variable name is a letter, then letters or digits (at most 12 characters)',
  reservedName: (name: string) => `"${name}" is a function or a word of the template language, not a variable name`,
  duplicateName: (name: string) => `The variable ${name} is declared twice`,
  tooManyVariables: `A question can declare at most ${TEMPLATE_LIMITS.variables} variables`,
  tooManyConstraints: `A question can have at most ${TEMPLATE_LIMITS.constraints} constraints`,
  rangeNumbers: (name: string) => `The range of ${name} needs a lowest value, a highest value and a step`,
  rangeOrder: (name: string) => `The lowest value of ${name} must not be above its highest`,
  rangeStep: (name: string) => `The step of ${name} must be above 0 and fit the range a whole number of times`,
  rangeSize: (name: string) =>
    `The range of ${name} is too large: at most ${TEMPLATE_LIMITS.rangeValues.toLocaleString('en-US')} values, each within ±${TEMPLATE_LIMITS.magnitude.toExponential().replace('e+', 'e')}`,
  choiceList: (name: string) =>
    `The choices of ${name} must be 1 to ${TEMPLATE_LIMITS.choices} numbers or words of at most ${TEMPLATE_LIMITS.choiceLength} characters (letters, digits, spaces, . , ' -)`,
  expressionLength: `An expression must be at most ${TEMPLATE_LIMITS.expression} characters`,
  expressionDepth: 'The expression nests too deeply',
  expressionEmpty: 'The expression is empty',
  unknownName: (name: string) => `Unknown name "${name}": declare it above this line, or use a function`,
  laterName: (name: string) => `${name} is declared below: a value can use only the variables above it`,
  unexpected: (what: string) => `Unexpected ${what} in the expression`,
  notComparison: 'A constraint must compare (=, !=, <, <=, >, >=), e.g. a != b',
  comparisonInValue: 'A computed value must be a number, not a comparison',
  gaveUp: (constraint: string | null) =>
    constraint
      ? `No values met the constraints in ${TEMPLATE_LIMITS.draws.toLocaleString('en-US')} draws; the one failed most often: ${constraint}`
      : `No values could be drawn in ${TEMPLATE_LIMITS.draws.toLocaleString('en-US')} draws`,
  tooMuchWork: 'The template takes too long to draw a variant: narrow the ranges or simplify the constraints',
  notSaved: (reason: string) => `The template cannot give variants: ${reason}`,
  seedList: `Approved variants must be 1 to ${TEMPLATE_LIMITS.approvedSeeds} seeds, whole numbers from 1 to ${MAX_SEED.toLocaleString('en-US')}`,
  seedFails: (seed: number) => `Variant ${seed} cannot be drawn: approve only variants the preview shows`,
  anotherNotYet: `Show me another is offered after ${ANOTHER_AFTER_WRONG} wrong answers to this variant`,
  // The preview's self-checks of a variant.
  keyRejected: (key: string) => `The checker does not accept the key ${key} against itself`,
  distractorIsKey: (letter: string) => `Option ${letter} has the same value as the key`,
  doubleSign: (found: string) => `The text reads "${found}": write a signed term as {+a}`,
  constraintFails: (constraint: string) => `The constraint ${constraint} does not hold`,
  mathError: (error: string) => `The math cannot be drawn: ${error}`,
  duplicate: (seed: number) => `Reads the same as variant ${seed}`,
  notTemplate: 'This question has no random numbers',
  noOtherVariant: 'This question has no other variant',
} as const;

/**
 * The mathematical answer checker: a pure library (no server or DOM dependencies)
 * used by both the server and the browser.
 */
export {
  answerCredit,
  checkAnswer,
  checkAnswerWhole,
  keyNotInForm,
  multipleAnswers,
  type CheckableQuestion,
  type CheckResult,
  type QuestionType,
} from './check';
export { matchesAccepted, type MatchResult } from './match';
export { decodeBlanks, decodeChoices, encodeBlanks, encodeChoices } from './wire';

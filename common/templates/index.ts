/**
 * Questions with random numbers: a template's language (`expression.ts`), its seeded generator (`generate.ts`), how
 * values are written into a question's texts (`render.ts`) and a variant's self-checks (`variant.ts`). Pure, for the
 * server and the author's screens alike; documented for authors in docs/TEMPLATES.md.
 */
export { TemplateError, type TemplateValue } from './expression';
export {
  compileTemplate,
  constraintsHold,
  drawVariant,
  TemplateIssue,
  type CompiledTemplate,
  type Drawn,
  type QuestionTemplate,
  type TemplateVariable,
  type VariantValues,
} from './generate';
export { describeTemplate, fillText, hasMarkers, numberLatex, valuesLatex } from './render';
export { fillQuestion, previewVariant, type CheckedQuestion, type VariantPreview, type VariedParts } from './variant';

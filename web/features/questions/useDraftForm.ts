import type { Path } from 'react-hook-form';
import { useSchemaForm } from '../../ui/form';
import { draftSchema, type QuestionDraft } from './draft';

/**
 * A question's form (step 2 and the inline editor): the draft under useSchemaForm with draftSchema, the draft as it
 * stands, and `patch`, which the editors of its parts call; once sent, every change is checked again.
 */
export function useDraftForm(initial: QuestionDraft) {
  const form = useSchemaForm(draftSchema, { defaultValues: initial });
  const draft = form.watch();
  const patch = (changes: Partial<QuestionDraft>) => {
    for (const [name, value] of Object.entries(changes)) {
      form.setValue(name as Path<QuestionDraft>, value, {
        shouldDirty: true,
        shouldValidate: form.formState.isSubmitted,
      });
    }
  };
  return { form, draft, patch };
}

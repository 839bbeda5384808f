import {
  useForm,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ApiError } from '../api/client';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any zod schema whose input is a form's values
export type FormSchema = z.ZodType<any, FieldValues>;

/**
 * Where a form's schema comes from: the schema itself, or a loader, for forms on pages that must stay light
 * (the landing page loads zod only when its form is first sent).
 */
export type SchemaSource<S extends FormSchema> = S | (() => Promise<S>);

/**
 * The one form helper, for every form: react-hook-form checked by the shared zod schema of common/, so every
 * failing field shows its own message at once, and the server's per-field `issues` land on their fields.
 */
export function useSchemaForm<S extends FormSchema>(
  schema: SchemaSource<S>,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
) {
  // Cast: the resolver checks with the schema, so its output is the schema's output whatever zodResolver's types infer.
  const resolver = (typeof schema === 'function' && !('safeParse' in schema)
    ? async (...args: Parameters<Resolver<FieldValues>>) => zodResolver(await (schema as () => Promise<S>)())(...args)
    : zodResolver(schema as S)) as unknown as Resolver<z.input<S>, unknown, z.output<S>>;
  const form = useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver });
  /**
   * A submit handler: checks the fields, runs `send`, and when the server refuses puts its issues on their fields;
   * what no field can show goes to `onFailure`.
   */
  const submitWith = (send: (values: z.output<S>) => Promise<void>, onFailure: (error: unknown) => void) =>
    form.handleSubmit(async (values) => {
      try {
        await send(values);
      } catch (error) {
        if (!placeServerIssues(form, error)) onFailure(error);
      }
    });
  return { ...form, submitWith };
}

/**
 * Puts a refusal's `issues` (`{ path: 'title', message }`, as the server's errors carry them) on the form's
 * fields, the first message of each field; answers whether any landed. Issues of fields the form does not hold
 * are left to the caller.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form, whatever its context and output
export function placeServerIssues<T extends FieldValues>(form: UseFormReturn<T, any, any>, error: unknown): boolean {
  if (!(error instanceof ApiError) || !error.issues?.length) return false;
  const fields = new Set(Object.keys(form.getValues()));
  const placed = new Set<string>();
  for (const issue of error.issues) {
    const field = issue.path.split('.')[0];
    if (!fields.has(field) || placed.has(field)) continue;
    form.setError(field as Path<T>, { type: 'server', message: issue.message });
    placed.add(field);
  }
  return placed.size > 0;
}

// @mantine/form's `validate` from a shared schema (docs/decisions/0068-forms-widgets-and-validation-codes.md):
// the form refuses what the server would, by the same code, worded in the interface language the
// way a server refusal is (api/error-words.ts). A field gets its first refusal only.
import type { FormErrors } from '@mantine/form';
import { issueText, refusalOf } from '@message-station/shared';
import type { z } from 'zod';
import { codeText } from '../api/error-words';

export function schemaResolver<TValues>(schema: z.ZodType<unknown, TValues>) {
  return (values: TValues): FormErrors => {
    const errors: FormErrors = {};
    for (const issue of schema.safeParse(values).error?.issues ?? []) {
      const path = issue.path.join('.');
      if (path in errors) continue;
      const { code, params } = refusalOf(issue.message);
      errors[path] = codeText(code, params) ?? issueText(issue.message);
    }
    return errors;
  };
}

/**
 * A schema's refusals of a request body moved under the form's own fields: `fieldOf` names the
 * form field a body path comes from (undefined: the refusal has no field on this form). A field
 * keeps the first refusal it is given.
 */
export function refusalsUnder<TField extends string>(
  refused: FormErrors,
  fieldOf: (path: string) => TField | undefined,
): Partial<Record<TField, string>> {
  const errors: Partial<Record<TField, string>> = {};
  for (const [path, text] of Object.entries(refused)) {
    const field = fieldOf(path);
    if (field !== undefined && typeof text === 'string') errors[field] ??= text;
  }
  return errors;
}

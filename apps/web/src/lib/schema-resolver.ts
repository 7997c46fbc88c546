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

// How a shared schema words a refusal in a zod issue (decision 0068): by its catalogue code, never
// by an English sentence. It imports nothing, so any schema may import it (error-codes.ts imports
// the schemas' refusal tables, and tells refusal() the codes and their params below).

/**
 * Each catalogue code and the params refusal() takes for it (none, or one per placeholder), filled
 * in by error-codes.ts.
 */
// biome-ignore lint/suspicious/noEmptyInterface: error-codes.ts adds the codes (declaration merging).
export interface TRefusalCodes {}

/**
 * The message of an issue a shared schema raises: the refusal's code, then its params as JSON
 * (`field_too_long{"field":"Title","max":200}`). zod carries a message as a string, so the code
 * travels in it; the server answers it (readRefusal, errorText) and the web words it in the
 * interface language, neither ever reading English back (decision 0068).
 */
export type TIssueMessage = string & { readonly __refusal: true };

export function refusal<C extends keyof TRefusalCodes>(
  code: C,
  ...[params]: Extract<TRefusalCodes[C], readonly unknown[]>
): TIssueMessage {
  return (params ? `${code}${JSON.stringify(params)}` : code) as TIssueMessage;
}

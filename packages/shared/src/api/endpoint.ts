// One entry of the endpoint table (decision 0067): a route's method, path (with `:params`), the zod
// schemas of its params, query and body where the route has them, and the type of its reply. The
// server registers routes from entries and a test holds every entry to a registered route; the web's
// typed client (apps/web/src/api/call.ts) takes its path, method and types from them.
//
// The reply is a type only (the output of the route's response schema, or a plain type for a file or
// an empty 202): the web reads replies without checking them, so an entry keeps zod out of the pages
// that call it unless the route checks what the page sends.
import type { z } from 'zod';

export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The request schemas an entry may carry, named as the web sends them (`query`, not querystring). */
export type TEndpointSchemas = {
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
};

/** The `:name` segments of a path, as an object of strings. */
export type TPathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name | keyof TPathParams<Rest>]: string }
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

/** What an entry's types say, for the client (never present at run time). */
export type TEndpointTypes = {
  params: unknown;
  query: unknown;
  body: unknown;
  response: unknown;
};

export type TEndpoint<
  M extends THttpMethod = THttpMethod,
  P extends string = string,
  S extends TEndpointSchemas = TEndpointSchemas,
  T extends TEndpointTypes = TEndpointTypes,
> = { readonly method: M; readonly path: P } & S & {
    /** The entry's types; a type only, never set. */
    readonly '~types'?: T;
  };

type TInput<S, Fallback> = S extends z.ZodType ? z.input<S> : Fallback;

/** A reply type: a zod schema's output, or the type itself. */
export type TResponseOf<R> = R extends z.ZodType ? z.output<R> : R;

/** A reply that is a file: the web downloads it (apps/web/src/api/file-download.ts), never reads it as JSON. */
export type TFileReply = { readonly file: true };

/** A multipart body (the browser's FormData), passed through as it is. */
export type TFormBody = object;

/** Types of a query or body no shared schema checks (an inline schema, a multipart upload). */
export type TUncheckedTypes = { query?: object; body?: unknown };

/** The types of an entry with these schemas. */
type TTypesOf<P extends string, S extends TEndpointSchemas, R, X extends TUncheckedTypes> = {
  params: TInput<S['params'], TPathParams<P>>;
  query: TInput<S['query'], X['query']>;
  body: TInput<S['body'], X['body']>;
  response: TResponseOf<R>;
};

/**
 * An entry: `endpoint('POST', '/auth/login', { body: ZLoginRequest }).returns<typeof ZLoginResponse>()`;
 * the second type of `returns` types a query or body that no schema here checks.
 */
export function endpoint<
  M extends THttpMethod,
  P extends string,
  const S extends TEndpointSchemas = Record<never, never>,
>(method: M, path: P, schemas?: S) {
  const entry = { method, path, ...schemas } as { method: M; path: P } & S;
  return {
    returns: <R, X extends TUncheckedTypes = Record<never, never>>() =>
      entry as TEndpoint<M, P, S, TTypesOf<P, S, R, X>>,
  };
}

/** An entry's types, for the client. */
export type TTypesOfEndpoint<E extends TEndpoint> = NonNullable<E['~types']>;

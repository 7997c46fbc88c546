// The typed client of the endpoint table (packages/shared/src/api, decision 0067): a call names the
// entry, and the entry gives the path, the method and the types of the params, query, body and
// reply. Underneath, the one fetch helper (./client: cookies, CSRF header, refusals worded).
import type { TEndpoint, TTypesOfEndpoint } from '@message-station/shared';
import { type ApiReply, type ApiRequestOptions, api, apiWithHeaders } from './client';

type TTypes<E extends TEndpoint> = TTypesOfEndpoint<E>;

/** A value the call must give, may give (when it may be left out) or never gives. */
type TOption<K extends string, V> = [V] extends [undefined]
  ? { [Key in K]?: never }
  : undefined extends V
    ? { [Key in K]?: V }
    : Record<string, never> extends V
      ? { [Key in K]?: V }
      : { [Key in K]: V };

type TParamsOption<E extends TEndpoint> = keyof TTypes<E>['params'] extends never
  ? { params?: never }
  : { params: TTypes<E>['params'] };

/** Where an entry's path and query come from. */
export type TUrlOptions<E extends TEndpoint> = TParamsOption<E> & TOption<'query', TTypes<E>['query']>;

/** What a call gives: the entry's params, query and body, and the fetch helper's own options. */
export type TCallOptions<E extends TEndpoint> = TUrlOptions<E> &
  TOption<'body', TTypes<E>['body']> &
  Pick<ApiRequestOptions, 'signal' | 'headers' | 'wordRefusal'>;

/** The options, left out when the entry needs none. */
type TArgs<O> = Record<string, never> extends O ? [options?: O] : [options: O];

/** The params of an entry's path. */
export type TParamsOf<E extends TEndpoint> = TTypes<E>['params'];

/** The query an entry takes. */
export type TQueryOf<E extends TEndpoint> = TTypes<E>['query'];

/** The body an entry takes. */
export type TBodyOf<E extends TEndpoint> = TTypes<E>['body'];

/** The reply of an entry. */
export type TReplyOf<E extends TEndpoint> = TTypes<E>['response'];

type TLooseUrlOptions = { params?: object; query?: unknown };

/**
 * The entry's path with its `:params` filled in (each encoded), and its query: values left out,
 * null or empty are not sent; a list is sent as one value per item.
 */
export function endpointUrl<E extends TEndpoint>(entry: E, ...[options]: TArgs<TUrlOptions<E>>): string {
  const { params, query } = (options ?? {}) as TLooseUrlOptions;
  const values = (params ?? {}) as Record<string, unknown>;
  const path = entry.path.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) =>
    encodeURIComponent(String(values[name])),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one === undefined || one === null || one === '') continue;
      search.append(key, String(one));
    }
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

function requestOf(entry: TEndpoint, options: TLooseUrlOptions & ApiRequestOptions): ApiRequestOptions {
  const { body, signal, headers, wordRefusal } = options;
  return {
    method: entry.method,
    ...(body === undefined ? {} : { body }),
    ...(signal ? { signal } : {}),
    ...(headers ? { headers } : {}),
    ...(wordRefusal === undefined ? {} : { wordRefusal }),
  };
}

/** Calls the entry's route; the reply as the entry types it. */
export function call<E extends TEndpoint>(
  entry: E,
  ...[options]: TArgs<TCallOptions<E>>
): Promise<TReplyOf<E>> {
  const loose = (options ?? {}) as TLooseUrlOptions & ApiRequestOptions;
  return api<TReplyOf<E>>(endpointUrl(entry, loose as never), requestOf(entry, loose));
}

/** Like call(), but also hands back the reply's headers (e.g. X-Total-Count). */
export function callWithHeaders<E extends TEndpoint>(
  entry: E,
  ...[options]: TArgs<TCallOptions<E>>
): Promise<ApiReply<TReplyOf<E>>> {
  const loose = (options ?? {}) as TLooseUrlOptions & ApiRequestOptions;
  return apiWithHeaders<TReplyOf<E>>(endpointUrl(entry, loose as never), requestOf(entry, loose));
}

// The hostile variants of one operation's request: NUL, huge, wrong-typed, deep, polluting and
// malformed bodies; NUL, wrong and oversized query and path values. Each says what it must get.
import {
  fieldPaths,
  STATE_CHANGING,
  sampleOf,
  stringPaths,
  type TOperation,
  urlOf,
  withField,
} from './operations.js';

export type TVariant = {
  name: string;
  url: string;
  /** A JSON value (sent as JSON) or a raw payload with its content type. */
  body?: unknown;
  raw?: { payload: string; contentType: string };
  /** The statuses allowed; any answer below 500 when absent. */
  expect?: number[];
};

const MEGABYTE_STRING = 'a'.repeat(1_000_000);
/** Fastify's default body limit is 1 MiB (1,048,576 bytes). */
const OVER_BODY_LIMIT = 'a'.repeat(1_100_000);
const DEPTH = 10_000;
const CLIENT_ERRORS = Array.from({ length: 100 }, (_, i) => 400 + i);
const NUL_REFUSED = [400];

/** A value of another JSON type than `value`. */
function wrongTypeFor(value: unknown): unknown {
  if (typeof value === 'string') return 12345;
  if (typeof value === 'number') return 'twelve';
  if (typeof value === 'boolean') return 'yes';
  if (Array.isArray(value)) return { 0: value[0] };
  if (value && typeof value === 'object') return ['not', 'an', 'object'];
  return { unexpected: true };
}

const label = (path: (string | number)[]) => path.join('.') || '(body)';

function multipart(truncated: boolean) {
  const boundary = 'security-suite-boundary';
  const payload = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="file"; filename="x.csv"',
    'Content-Type: text/csv',
    '',
    'name,phone\nJane,+12125550101',
    ...(truncated ? [] : [`--${boundary}--`, '']),
  ].join('\r\n');
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

function bodyVariants(operation: TOperation, url: string, overrides: Record<string, unknown>): TVariant[] {
  const sample = operation.body ? sampleOf(operation.body, overrides) : {};
  const variants: TVariant[] = [];
  for (const path of stringPaths(sample)) {
    variants.push({
      name: `NUL in ${label(path)}`,
      url,
      body: withField(sample, path, 'a\u0000b'),
      expect: NUL_REFUSED,
    });
    variants.push({ name: `1 MB in ${label(path)}`, url, body: withField(sample, path, MEGABYTE_STRING) });
  }
  for (const path of fieldPaths(sample)) {
    const value = path.reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], sample);
    variants.push({
      name: `wrong type in ${label(path)}`,
      url,
      body: withField(sample, path, wrongTypeFor(value)),
    });
    variants.push({ name: `null in ${label(path)}`, url, body: withField(sample, path, null) });
  }
  const deepArray = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
  const deepObject = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;
  const json = 'application/json';
  variants.push(
    { name: 'NUL in a key', url, body: { ...(sample as object), 'k\u0000': 'v' }, expect: NUL_REFUSED },
    { name: 'a body of another type: array', url, body: [sample] },
    { name: 'a body of another type: string', url, raw: { payload: '"text"', contentType: json } },
    { name: 'a body of another type: number', url, raw: { payload: '12345', contentType: json } },
    { name: 'a body of another type: null', url, raw: { payload: 'null', contentType: json } },
    {
      name: 'extra properties',
      url,
      body: { ...(sample as object), unexpected: 'x', another: { deep: [1] } },
    },
    {
      name: 'over the body limit',
      url,
      raw: { payload: JSON.stringify({ text: OVER_BODY_LIMIT }), contentType: json },
      expect: [413],
    },
    {
      name: `arrays nested ${DEPTH} deep`,
      url,
      raw: { payload: deepArray, contentType: json },
      expect: [400, 413],
    },
    {
      name: `objects nested ${DEPTH} deep`,
      url,
      raw: { payload: deepObject, contentType: json },
      expect: [400, 413],
    },
    { name: 'invalid JSON', url, raw: { payload: '{"a": ', contentType: json }, expect: CLIENT_ERRORS },
    {
      name: '__proto__ pollution',
      url,
      raw: { payload: '{"__proto__": {"polluted": "yes"}}', contentType: json },
      expect: CLIENT_ERRORS,
    },
    {
      name: 'constructor.prototype pollution',
      url,
      raw: { payload: '{"constructor": {"prototype": {"polluted": "yes"}}}', contentType: json },
      expect: CLIENT_ERRORS,
    },
    {
      name: 'a plain-text body',
      url,
      raw: { payload: 'hello', contentType: 'text/plain' },
      expect: CLIENT_ERRORS,
    },
    {
      name: 'a form post',
      url,
      raw: { payload: 'a=b&c=%00', contentType: 'application/x-www-form-urlencoded' },
    },
    { name: 'a multipart body', url, raw: multipart(false) },
    { name: 'a multipart body cut off', url, raw: multipart(true) },
  );
  return variants;
}

function parameterVariants(
  operation: TOperation,
  pathValues: Record<string, string>,
  query: Record<string, string>,
): TVariant[] {
  const variants: TVariant[] = [];
  for (const parameter of operation.parameters) {
    if (parameter.in === 'header') continue;
    const at = (value: string | string[]) =>
      parameter.in === 'path'
        ? urlOf(operation, { ...pathValues, [parameter.name]: value as string }, query)
        : urlOf(operation, pathValues, { ...query, [parameter.name]: value });
    const name = `${parameter.in} ${parameter.name}`;
    variants.push(
      { name: `NUL in ${name}`, url: at('a\u0000b'), expect: NUL_REFUSED },
      { name: `10 KB in ${name}`, url: at('a'.repeat(10_000)) },
      { name: `wrong value in ${name}`, url: at('not-a-valid-value') },
      { name: `negative number in ${name}`, url: at('-1') },
      { name: `path traversal in ${name}`, url: at('../../../etc/passwd') },
      // A lone surrogate cannot be URI-encoded by JavaScript: its UTF-8 bytes are written by hand.
      {
        name: `unpaired surrogate in ${name}`,
        url: at('LONE_SURROGATE').replace('LONE_SURROGATE', '%ED%A0%80'),
      },
    );
    if (parameter.in === 'query') variants.push({ name: `${name} given twice`, url: at(['1', '2']) });
  }
  return variants;
}

/** Every hostile request to make of one operation. */
export function hostileVariants(
  operation: TOperation,
  pathValues: Record<string, string>,
  query: Record<string, string>,
  bodyOverrides: Record<string, unknown>,
): TVariant[] {
  const url = urlOf(operation, pathValues, query);
  const sample = operation.body ? sampleOf(operation.body, bodyOverrides) : undefined;
  return [
    { name: 'the request as documented', url, body: sample },
    ...parameterVariants(operation, pathValues, query),
    ...(operation.body || STATE_CHANGING.has(operation.method)
      ? bodyVariants(operation, url, bodyOverrides)
      : []),
  ];
}

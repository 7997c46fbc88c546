// Checks real answers against the OpenAPI document the app serves: the operation of a request
// (method and path), whether its status is documented, the media type, and the JSON body against
// the documented schema (ajv, as OpenAPI 3.0 reads schemas: `nullable`, formats).
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import type { TApp } from '../app.js';

type TJson = Record<string, unknown>;
type TMedia = Record<string, { schema?: TJson }>;
export type TDocumentedResponse = { description: string; content?: TMedia };
export type TDocumentedOperation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema: TJson }[];
  requestBody?: { content: TMedia };
  responses: Record<string, TDocumentedResponse>;
};
export type TOpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, TDocumentedOperation>>;
} & TJson;

export async function fetchDocument(app: TApp, url = '/api/openapi.json'): Promise<TOpenApiDocument> {
  const response = await app.inject({ url });
  if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
  return response.json() as TOpenApiDocument;
}

/** Ajv set up for OpenAPI 3.0 schemas (`nullable`, `example`, the `binary` and `byte` formats). */
export function openApiAjv(): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  addFormats.default(ajv);
  ajv.addFormat('binary', true);
  ajv.addFormat('byte', true);
  return ajv;
}

export type TAnswer = Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body'>;

export function createAnswerCheck(document: TOpenApiDocument) {
  const ajv = openApiAjv();
  const compiled = new WeakMap<TJson, ValidateFunction>();
  const validatorOf = (schema: TJson) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(schema, validate);
    }
    return validate;
  };
  // Literal paths before templated ones (/messages/stream before /messages/{id}).
  const templates = Object.keys(document.paths)
    .map((path) => ({
      path,
      regex: new RegExp(`^${path.replace(/[.+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
      params: (path.match(/\{/g) ?? []).length,
    }))
    .sort((x, y) => x.params - y.params);

  /** The documented operation a request reaches, and its path as the document writes it. */
  function operationOf(method: string, url: string) {
    const pathname = url.split('?')[0] ?? url;
    for (const { path, regex } of templates) {
      const operation = document.paths[path]?.[method.toLowerCase()];
      if (regex.test(pathname) && operation) return { path, operation };
    }
    return null;
  }

  /** What about this answer the document does not say (empty: the answer is documented). */
  function problemsOf(method: string, url: string, answer: TAnswer): string[] {
    const found = operationOf(method, url);
    if (!found) return [`${method} ${url}: no documented operation`];
    const where = `${method} ${found.path} → ${answer.statusCode}`;
    const status = String(answer.statusCode);
    const documented =
      found.operation.responses[status] ??
      found.operation.responses[`${status[0]}XX`] ??
      found.operation.responses.default;
    if (!documented) {
      return [
        `${where}: status not documented (${Object.keys(found.operation.responses).join(', ')}): ${answer.body.slice(0, 300)}`,
      ];
    }
    const content = documented.content;
    if (!content) return answer.body === '' ? [] : [`${where}: documented without a body, answered one`];
    const media = String(answer.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim();
    if (!media || !content[media]) {
      return [
        `${where}: media type ${media || '(none)'} not documented (${Object.keys(content).join(', ')})`,
      ];
    }
    const schema = content[media]?.schema;
    if (media !== 'application/json' || !schema) return [];
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return [`${where}: the body is not JSON`];
    }
    const validate = validatorOf(schema);
    if (validate(body)) return [];
    return [
      `${where}: body outside the schema: ${ajv.errorsText(validate.errors)}: ${answer.body.slice(0, 300)}`,
    ];
  }

  /** Whether a request body is one the document allows (JSON bodies only). */
  function bodyAllowed(method: string, url: string, body: unknown): boolean {
    const schema = operationOf(method, url)?.operation.requestBody?.content['application/json']?.schema;
    return schema ? Boolean(validatorOf(schema)(body)) : true;
  }

  return { operationOf, problemsOf, bodyAllowed, ajv };
}

// Checks a request against Twilio's own OpenAPI description of its 2010-04-01 REST API
// (test-support/vendor-specs/twilio_api_v2010.json, see the README there), with a real JSON-Schema
// validator (ajv): the path and method must be in the description, the path parameters, the query
// parameters and the form body must fit their schemas (types, patterns, enums, required ones), and
// Basic auth must be there. The loopback fake of Twilio (apps/server/src/test/fake-twilio.ts)
// answers a request that does not fit with a 400 in Twilio's error shape (decision 0051).
//
// Stricter than Twilio in one way, on purpose: a parameter the description does not name is
// refused (Twilio drops it silently, so a misspelt `statusCallback` would be lost unnoticed).
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';

const SPEC_PATH = new URL('./vendor-specs/twilio_api_v2010.json', import.meta.url);

type TSchema = Record<string, unknown>;
type TParameter = { name: string; in: string; required?: boolean; schema?: TSchema };
type TOperation = {
  parameters?: TParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: TSchema }> };
  security?: Record<string, unknown>[];
};
type TSpec = {
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, Record<string, unknown>>;
  security?: Record<string, unknown>[];
};

/** A request as it reached the fake: values of repeated form or query fields in order. */
export type TTwilioRequest = {
  method: string;
  /** The path without the query string. */
  path: string;
  query: URLSearchParams;
  /** The form body (application/x-www-form-urlencoded), when there is one. */
  form?: URLSearchParams;
  contentType?: string;
  authorization?: string;
};

/** Twilio's error shape: what the fake answers for a request the description refuses. */
export type TTwilioRejection = { status: number; code: number; message: string };

type TCompiled = {
  pathParams: ValidateFunction;
  query: ValidateFunction;
  form: ValidateFunction | null;
  formRequired: boolean;
  secured: boolean;
  arrays: { query: Set<string>; form: Set<string> };
};

let loaded: {
  spec: TSpec;
  ajv: Ajv;
  routes: { pattern: RegExp; names: string[]; template: string }[];
  compiled: Map<string, TCompiled>;
} | null = null;

/** The description and the validator, made once per process (the file is 1.8 MB). */
function load() {
  if (loaded) return loaded;
  const spec = JSON.parse(readFileSync(SPEC_PATH, 'utf8')) as TSpec;
  // Form and query values are strings: coerced to the described types ("5" → 5, one value → [value]).
  const ajv = new Ajv({ strict: false, allErrors: true, coerceTypes: 'array', useDefaults: false });
  // Twilio's own formats: the ones our requests use are checked, the rest accepted as they are.
  ajv.addFormat('phone-number', /^(\+?[0-9]{2,15}|[A-Za-z0-9 ]{1,11}|[a-z-]+:.+)$/);
  ajv.addFormat('uri', (value: string) => URL.canParse(value));
  // Twilio's description marks DateSent as date-time yet its examples are plain dates: any date.
  ajv.addFormat('date-time', (value: string) => !Number.isNaN(Date.parse(value)));
  ajv.addFormat('date', (value: string) => !Number.isNaN(Date.parse(value)));
  for (const name of ['int32', 'int64']) ajv.addFormat(name, { type: 'number', validate: Number.isInteger });
  for (const name of [
    'date-time-rfc-2822',
    'uri-map',
    'iso-country-code',
    'http-method',
    'phone-number-capabilities',
    'currency',
    'ice-server',
    'endpoint',
    'twiml',
  ]) {
    ajv.addFormat(name, true);
  }
  const routes = Object.keys(spec.paths).map((template) => {
    const names: string[] = [];
    const source = template
      .split(/(\{[^}]+\})/)
      .map((part) => {
        const param = /^\{([^}]+)\}$/.exec(part);
        if (param) {
          names.push(param[1] as string);
          return '([^/]+)';
        }
        return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('');
    return { pattern: new RegExp(`^${source}$`), names, template };
  });
  loaded = { spec, ajv, routes, compiled: new Map() };
  return loaded;
}

/** A schema with every `#/components/...` reference replaced by what it points to. */
function inline(spec: TSpec, schema: unknown, trail: string[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inline(spec, item, trail));
  if (!schema || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    if (trail.includes(ref)) return {}; // a recursive schema: its inner repetitions are not checked
    const target = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], spec);
    return inline(spec, target, [...trail, ref]);
  }
  return Object.fromEntries(
    Object.entries(schema as TSchema)
      .filter(([key]) => !key.startsWith('x-') && key !== 'example' && key !== 'examples')
      .map(([key, value]) => [key, inline(spec, value, trail)]),
  );
}

function arraysOf(properties: Record<string, TSchema>): Set<string> {
  return new Set(
    Object.entries(properties)
      .filter(([, s]) => s.type === 'array')
      .map(([name]) => name),
  );
}

function compile(template: string, method: string, operation: TOperation, pathItem: Record<string, unknown>) {
  const { spec, ajv } = load();
  const params = [
    ...((pathItem.parameters as TParameter[] | undefined) ?? []),
    ...(operation.parameters ?? []),
  ];
  const group = (where: string) => {
    const of = params.filter((p) => p.in === where);
    const properties = Object.fromEntries(of.map((p) => [p.name, inline(spec, p.schema ?? {}) as TSchema]));
    return {
      properties,
      schema: {
        type: 'object',
        properties,
        required: of.filter((p) => p.required).map((p) => p.name),
        additionalProperties: false,
      },
    };
  };
  const pathGroup = group('path');
  const queryGroup = group('query');
  const formSchema = operation.requestBody?.content?.['application/x-www-form-urlencoded']?.schema;
  const form = formSchema ? (inline(spec, formSchema) as TSchema) : null;
  const formProperties = (form?.properties as Record<string, TSchema> | undefined) ?? {};
  const compiled: TCompiled = {
    pathParams: ajv.compile(pathGroup.schema),
    query: ajv.compile(queryGroup.schema),
    form: form ? ajv.compile({ ...form, additionalProperties: false }) : null,
    formRequired: operation.requestBody?.required === true,
    secured: (operation.security ?? spec.security ?? []).length > 0,
    arrays: { query: arraysOf(queryGroup.properties), form: arraysOf(formProperties) },
  };
  load().compiled.set(`${method} ${template}`, compiled);
  return compiled;
}

/** Fields as an object: a field given more than once, or described as an array, becomes an array. */
function fieldsOf(params: URLSearchParams, arrays: Set<string>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    out[key] = values.length > 1 || arrays.has(key) ? values : (values[0] as string);
  }
  return out;
}

function describeErrors(where: string, validate: ValidateFunction): string {
  return (validate.errors ?? [])
    .map((e) => {
      const field = e.instancePath ? e.instancePath.slice(1).split('/')[0] : '';
      if (e.keyword === 'required') return `${where}: '${String(e.params.missingProperty)}' is required`;
      if (e.keyword === 'additionalProperties') {
        return `${where}: '${String(e.params.additionalProperty)}' is not a parameter of this resource`;
      }
      return `${where}: '${field}' ${e.message ?? 'is invalid'}`;
    })
    .join('; ');
}

/** Which described operation a request is for, or why there is none (404, 405). */
export function findTwilioOperation(method: string, path: string) {
  const { spec, routes } = load();
  const route = routes.find((r) => r.pattern.test(path));
  if (!route)
    return { error: { status: 404, code: 20404, message: `The requested resource ${path} was not found` } };
  const pathItem = spec.paths[route.template] as Record<string, unknown>;
  const operation = pathItem[method.toLowerCase()] as TOperation | undefined;
  if (!operation) {
    return {
      error: { status: 405, code: 20004, message: `Method ${method} not allowed on ${route.template}` },
    };
  }
  const match = route.pattern.exec(path) as RegExpExecArray;
  const pathParams = Object.fromEntries(
    route.names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]),
  );
  return { template: route.template, operation, pathItem, pathParams };
}

/**
 * Null when Twilio's description accepts the request; else the rejection the fake answers with:
 * 404 (no such resource), 405 (no such method), 401 (no Basic auth), 400 (parameters).
 */
export function checkTwilioRequest(request: TTwilioRequest): TTwilioRejection | null {
  const found = findTwilioOperation(request.method, request.path);
  if ('error' in found) return found.error as TTwilioRejection;
  const key = `${request.method.toLowerCase()} ${found.template}`;
  const compiled =
    load().compiled.get(key) ??
    compile(found.template, request.method.toLowerCase(), found.operation, found.pathItem);
  if (compiled.secured && !/^Basic \S+$/.test(request.authorization ?? '')) {
    return { status: 401, code: 20003, message: 'Authenticate' };
  }
  const problems: string[] = [];
  if (!compiled.pathParams({ ...found.pathParams }))
    problems.push(describeErrors('path', compiled.pathParams));
  if (!compiled.query(fieldsOf(request.query, compiled.arrays.query))) {
    problems.push(describeErrors('query', compiled.query));
  }
  if (compiled.form) {
    const isForm = (request.contentType ?? '').startsWith('application/x-www-form-urlencoded');
    if (!isForm && (compiled.formRequired || (request.form && [...request.form.keys()].length > 0))) {
      problems.push(`body: expected application/x-www-form-urlencoded, got ${request.contentType ?? 'none'}`);
    } else if (!compiled.form(fieldsOf(request.form ?? new URLSearchParams(), compiled.arrays.form))) {
      problems.push(describeErrors('body', compiled.form));
    }
  } else if (request.form && [...request.form.keys()].length > 0) {
    problems.push('body: this operation takes no body');
  }
  if (problems.length === 0) return null;
  // Twilio's own code when 'To' is missing (21604); its "unknown or invalid parameter" otherwise.
  const missingTo = problems.some((p) => p === "body: 'To' is required");
  return { status: 400, code: missingTo ? 21604 : 20001, message: problems.join('; ') };
}

// The National Weather Service's own OpenAPI description (vendor-specs/nws-openapi.yaml) as a
// checker for the NWS fake (fake-nws.mjs): is a request one NWS would take (a documented path and
// method, only its query parameters, each value of its schema, the User-Agent its security scheme
// requires), and does an answer match the schema NWS documents for that status and content type.
// Schemas are checked with ajv; the spec's `#/components/…` references resolve within the file.
// Plain JavaScript like the fake; its types are in nws-openapi.d.mts.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import YAML from 'yaml';

export const NWS_OPENAPI = fileURLToPath(new URL('./vendor-specs/nws-openapi.yaml', import.meta.url));

const SPEC_ID = 'nws-openapi';

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/**
 * OpenAPI 3.0 schemas as JSON Schema for ajv: references made absolute (so a part of the spec
 * compiles on its own), and `nullable` without a `type` (which ajv refuses) written as anyOf null.
 * @param {unknown} node
 * @returns {unknown}
 */
function forAjv(node) {
  if (Array.isArray(node)) return node.map(forAjv);
  if (!node || typeof node !== 'object') return node;
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] =
      key === '$ref' && typeof value === 'string' && value.startsWith('#/')
        ? `${SPEC_ID}${value}`
        : forAjv(value);
  }
  if (out.nullable === true && out.type === undefined) {
    const { nullable: _nullable, ...rest } = out;
    return { anyOf: [rest, { type: 'null' }] };
  }
  return out;
}

/** @param {string} template e.g. /alerts/active/zone/{zoneId} */
function pathPattern(template) {
  const names = [];
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const name = /^\{([^}]+)\}$/.exec(part)?.[1];
      if (name) {
        names.push(name);
        return '([^/]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { template, names, regex: new RegExp(`^${source}$`) };
}

/**
 * Loads the spec once per file and answers the checks the fake makes.
 * @param {string} [file]
 */
export function loadNwsOpenApi(file = NWS_OPENAPI) {
  const spec = /** @type {any} */ (YAML.parse(readFileSync(file, 'utf8')));
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addFormat('date-time', RFC3339);
  ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
  ajv.addFormat('uri', (value) => URL.canParse(value));
  for (const format of ['binary', 'iana-time-zone-identifier', 'wkt']) ajv.addFormat(format, true);
  ajv.addSchema({ $id: SPEC_ID, components: forAjv(spec.components) });

  /** Literal paths before templated ones: /alerts/active is not /alerts/{id}. */
  const paths = Object.keys(spec.paths)
    .map(pathPattern)
    .sort((a, b) => a.names.length - b.names.length);

  /** @param {any} node */
  const resolve = (node) => {
    let current = node;
    for (let hops = 0; current?.$ref && hops < 10; hops++) {
      const pointer = String(current.$ref).replace(/^#\//, '').split('/');
      current = pointer.reduce((at, key) => at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], spec);
    }
    return current;
  };

  /** @type {Map<string, import('ajv').ValidateFunction>} */
  const compiled = new Map();
  /** @param {string} key @param {unknown} schema */
  const validator = (key, schema) => {
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(/** @type {object} */ (forAjv(schema)));
      compiled.set(key, validate);
    }
    return validate;
  };
  /** @param {import('ajv').ValidateFunction} validate */
  const errorsOf = (validate) =>
    (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || '(value)'} ${e.message ?? 'is invalid'}`);

  /** The type a parameter value is read as (following references). @param {any} schema */
  const typeOf = (schema) => {
    const resolved = resolve(schema);
    if (resolved?.type) return resolved.type;
    const options = resolved?.oneOf ?? resolved?.anyOf;
    return options ? typeOf(options[0]) : 'string';
  };
  /** @param {string} raw @param {any} schema */
  const coerce = (raw, schema) => {
    const type = typeOf(schema);
    if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
    if (type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true';
    return raw;
  };

  /** @param {string} pathname */
  const operationFor = (pathname, method = 'GET') => {
    const found = paths.find((p) => p.regex.test(pathname));
    if (!found) return { problem: `${pathname} is not an NWS endpoint` };
    const item = spec.paths[found.template];
    const operation = item[method.toLowerCase()];
    if (!operation) return { problem: `${method} is not allowed on ${found.template}` };
    const values = found.regex.exec(pathname)?.slice(1) ?? [];
    const pathValues = Object.fromEntries(
      found.names.map((name, i) => [name, decodeURIComponent(values[i] ?? '')]),
    );
    /** @type {any[]} */
    const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map(resolve);
    return { template: found.template, operation, parameters, pathValues };
  };

  return {
    spec,

    /**
     * What NWS would refuse in this request (nothing when it would take it).
     * @param {{ method?: string; pathname: string; query: URLSearchParams; headers: Record<string, string | string[] | undefined> }} request
     * @returns {string[]}
     */
    checkRequest({ method = 'GET', pathname, query, headers }) {
      const found = operationFor(pathname, method);
      if (!('operation' in found)) return [found.problem ?? 'unknown operation'];
      const problems = [];
      // The security scheme NWS documents: a User-Agent header identifying the application.
      for (const requirement of found.operation.security ?? spec.security ?? []) {
        for (const name of Object.keys(requirement)) {
          const scheme = spec.components.securitySchemes?.[name];
          if (scheme?.in === 'header') {
            const value = headers[String(scheme.name).toLowerCase()];
            if (typeof value !== 'string' || !value.trim()) problems.push(`Missing ${scheme.name} header`);
          }
        }
      }
      const declared = new Map(found.parameters.filter((p) => p.in === 'query').map((p) => [p.name, p]));
      for (const name of new Set(query.keys())) {
        if (!declared.has(name)) problems.push(`Unknown query parameter: ${name}`);
        else if (query.getAll(name).length > 1) problems.push(`Query parameter ${name} given more than once`);
      }
      /** @type {Map<string, string[]>} */
      const groups = new Map();
      for (const parameter of found.parameters) {
        const raw =
          parameter.in === 'query'
            ? query.get(parameter.name)
            : parameter.in === 'path'
              ? found.pathValues[parameter.name]
              : undefined;
        if (parameter.in !== 'query' && parameter.in !== 'path') continue;
        if (raw === undefined || raw === null) {
          if (parameter.required) problems.push(`Missing ${parameter.in} parameter: ${parameter.name}`);
          continue;
        }
        const group = parameter['x-symfony']?.['exclusive-group'];
        if (group) groups.set(group, [...(groups.get(group) ?? []), parameter.name]);
        const schema = resolve(parameter.schema) ?? {};
        const value =
          schema.type === 'array'
            ? (parameter.explode === true ? [raw] : raw.split(',')).map((item) => coerce(item, schema.items))
            : coerce(raw, parameter.schema);
        const validate = validator(
          `${found.template} ${parameter.in} ${parameter.name}`,
          parameter.schema ?? {},
        );
        if (!validate(value))
          problems.push(`Invalid ${parameter.name}: ${raw} (${errorsOf(validate).join('; ')})`);
      }
      for (const [group, names] of groups) {
        if (names.length > 1) problems.push(`Parameters ${names.join(', ')} cannot be combined (${group})`);
      }
      return problems;
    },

    /**
     * How an answer differs from what NWS documents for the status and content type (nothing when
     * it matches; an answer without a body, such as 304, is not checked).
     * @param {{ method?: string; pathname: string; status: number; contentType: string; body: unknown }} answer
     * @returns {string[]}
     */
    checkResponse({ method = 'GET', pathname, status, contentType, body }) {
      const found = operationFor(pathname, method);
      if (!('operation' in found)) return [found.problem ?? 'unknown operation'];
      const responses = found.operation.responses ?? {};
      const response = resolve(responses[String(status)] ?? responses.default);
      if (!response) return [`status ${status} is not documented for ${found.template}`];
      if (!response.content) return [];
      const mediaType = contentType.split(';')[0]?.trim() ?? '';
      const media = response.content[mediaType];
      if (!media) {
        return [
          `${mediaType} is not documented for ${status} of ${found.template} (${Object.keys(response.content).join(', ')})`,
        ];
      }
      if (!media.schema) return [];
      const validate = validator(`${found.template} ${status} ${mediaType}`, media.schema);
      return validate(body) ? [] : errorsOf(validate).map((error) => `answer ${error}`);
    },
  };
}

/** @type {ReturnType<typeof loadNwsOpenApi> | undefined} */
let shared;
/** The spec of vendor-specs/, loaded once for the process. */
export function nwsOpenApi() {
  shared ??= loadNwsOpenApi();
  return shared;
}

import fc from 'fast-check';
import { z } from 'zod';

/** The part of JSON Schema that z.toJSONSchema gives for the contracts. */
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
};

const NUL = String.fromCharCode(0);
const deepArray = (depth: number): unknown => {
  let value: unknown = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

/**
 * Values no contract accepts, or accepts only at its edges: wrong types, empty and huge strings,
 * Unicode edge cases (NUL, lone surrogates, a right-to-left override, zero-width and combining
 * characters, emoji sequences), injection and path-traversal text, numbers at and beyond every
 * limit, deep nesting and prototype keys.
 */
export const HOSTILE_VALUES: readonly unknown[] = [
  '',
  ' ',
  'a'.repeat(100_000),
  NUL,
  `a${NUL}b`,
  '\ud800',
  'x\udfff',
  '\u202egnp.exe',
  '\u200b\u200d',
  'e\u0301',
  '👩🏽‍💻🇳🇬',
  '../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%00',
  "'; drop table products; --",
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, sent as text.
  '${7*7}{{7*7}}',
  '00000000-0000-0000-0000-000000000000',
  0,
  -0,
  -1,
  0.1,
  1e-320,
  2 ** 31,
  2 ** 53 + 2,
  1e308,
  -1e308,
  100_000_001,
  true,
  false,
  null,
  [],
  {},
  deepArray(200),
  { constructor: { prototype: { polluted: true } } },
];

export const hostileValue = (): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...HOSTILE_VALUES) }, fc.jsonValue({ maxDepth: 2 }));

/** Mostly a value the schema describes, sometimes a hostile one, at every level. */
const maybeHostile = (arb: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 5, arbitrary: arb }, { weight: 1, arbitrary: hostileValue() });

/**
 * Values for a JSON schema, biased toward `ids` (real ids of the test's world) where a UUID is
 * asked for, so the handlers behind the validator are reached and not only the validator.
 */
export function fromJsonSchema(schema: JsonSchema, ids: readonly string[], depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  const next = (s: JsonSchema) => maybeHostile(fromJsonSchema(s, ids, depth + 1));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((s) => fromJsonSchema(s, ids, depth + 1)));
  if (schema.allOf?.[0]) return fromJsonSchema(schema.allOf[0], ids, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'uuid')
        return ids.length ? fc.oneof(fc.constantFrom(...ids), fc.uuid()) : fc.uuid();
      if (schema.format === 'date-time')
        return fc
          .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
          .map((d) => d.toISOString());
      if (schema.format === 'email') return fc.emailAddress();
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 300));
      return fc.string({
        minLength,
        maxLength,
        unit: fc.oneof(fc.constant('a'), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
      });
    }
    case 'integer':
    case 'number': {
      const min =
        schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000);
      const max =
        schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000);
      const lo = Math.max(min, -Number.MAX_SAFE_INTEGER);
      const hi = Math.min(max, Number.MAX_SAFE_INTEGER);
      const edges = fc.constantFrom(lo, hi, lo - 1, hi + 1);
      return type === 'integer'
        ? fc.oneof(fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) }), edges)
        : fc.oneof(fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true }), edges);
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? next(schema.items) : hostileValue(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, next(s)]));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** The JSON schema of a route's zod schema as input, or null where it has none or none can be made. */
export function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return null;
  }
}

/** Bodies no JSON route should choke on, each with the content type it travels under. */
export const HOSTILE_BODIES: readonly { contentType: string; payload: string | Buffer }[] = [
  { contentType: 'application/json', payload: '{"a":' },
  { contentType: 'application/json', payload: '[' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'application/json', payload: '"just a string"' },
  { contentType: 'application/json', payload: '12345' },
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: '\ufeff{}' },
  {
    contentType: 'application/json',
    payload: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}',
  },
  { contentType: 'application/json', payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
  { contentType: 'application/json', payload: `{"a":"${'x'.repeat(1_100_000)}"}` },
  { contentType: 'application/json; charset=utf-16', payload: '{}' },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'application/xml', payload: '<a/>' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=b&__proto__[x]=1' },
  { contentType: 'multipart/form-data', payload: '--x\r\n\r\n' },
  {
    contentType: 'multipart/form-data; boundary=x',
    payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
  },
  { contentType: 'application/octet-stream', payload: Buffer.from([0, 1, 2, 255]) },
];

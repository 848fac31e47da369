import fc from 'fast-check';

/**
 * Values for the API fuzzer (issue 14): from an OpenAPI (JSON) schema as @fastify/swagger
 * writes it from the routes' zod schemas, three kinds — valid (types, enums, bounds, patterns),
 * boundary (empty, at and past the limits, the numbers that overflow), and hostile (wrong
 * types, NUL, lone surrogates, direction and zero-width marks, 100 KB, injection, prototype
 * keys). A `hints` table gives realistic valid values for fields the schema says little about
 * (an e-mail that passes the service's own check, the seeded ids).
 */

export interface JsonSchema {
  type?: string;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

/** Realistic valid values by field name (body, query or path), tried before the schema's. */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

const KB = 1024;

/** Texts no form should choke on; each is a string a person (or a script) can send. */
export const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\u202Egnp.exe',
  '\u200B\u200C\u200D\uFEFF',
  '\u0301\u0301\u0301',
  'Z̷̢̛a̵̡l̸g̶o̷',
  '🌿🧵👩🏽‍🌾',
  '\r\nSet-Cookie: x=1',
  "' OR '1'='1' --",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(10)',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%2e%2e%2f',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection, sent as text
  '${7*7}{{7*7}}<%= 7*7 %>',
  '__proto__',
  'constructor',
  'prototype',
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  '-1',
  '9007199254740993',
  '0x10',
  ' ',
  '\t\n',
  'null',
  'true',
  '[]',
  '{}',
];

/** The numbers at the edges: zero, negatives, int32 and double overflow, fractions. */
export const BOUNDARY_NUMBERS: readonly number[] = [
  0,
  -1,
  1,
  0.5,
  -0.000001,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e308,
  -1e308,
  Number.MIN_VALUE,
  99,
  100,
];

/** The same numbers as text, where a route takes strings (path ids, query pages). */
export const BOUNDARY_NUMBER_TEXTS: readonly string[] = [
  '0',
  '-1',
  '1',
  '01',
  '1.5',
  '2147483648',
  '9007199254740992',
  '9007199254740993',
  '1e308',
  '1e309',
  '-1e308',
  'NaN',
  'Infinity',
  '-Infinity',
  '',
  ' 1',
  '1 ',
  '+1',
  '0x1F',
  '１２',
];

/** A long text of the given size (ASCII, or a multi-byte one). */
const longText = fc.constantFrom(
  'a'.repeat(100 * KB),
  'é'.repeat(50 * KB),
  '🌿'.repeat(25 * KB),
  '\u200B'.repeat(10 * KB),
);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: longText },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
);

/** A JSON value built with prototype keys (parsed from text, so the keys are own properties). */
const prototypeObjects = fc.constantFrom(
  JSON.parse('{"__proto__":{"isAdmin":true,"polluted":1}}'),
  JSON.parse('{"constructor":{"prototype":{"polluted":1}}}'),
  JSON.parse('{"toString":"x","valueOf":1,"hasOwnProperty":null}'),
);

/**
 * JSON nested `depth` deep. Written as text when the body is serialised (`toJson`): building
 * and stringifying the value itself would overflow the test's own stack.
 */
export class DeepJson {
  constructor(
    readonly kind: 'array' | 'object',
    readonly depth: number,
  ) {}
  toJSON(): string {
    return `\u0001deep:${this.kind}:${this.depth}\u0001`;
  }
  text(): string {
    return this.kind === 'array'
      ? `${'['.repeat(this.depth)}${']'.repeat(this.depth)}`
      : `${'{"a":'.repeat(this.depth)}{}${'}'.repeat(this.depth)}`;
  }
}

/** JSON text of a generated value, deep values included. */
export function toJson(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.replace(/"\\u0001deep:(array|object):(\d+)\\u0001"/g, (_, kind, depth) =>
    new DeepJson(kind, Number(depth)).text(),
  );
}

/** Any value of the wrong kind, whatever the schema wanted. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: fc.constantFrom(...BOUNDARY_NUMBERS) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], [[[]]], ''),
  },
  { weight: 1, arbitrary: prototypeObjects },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      new DeepJson('array', 200),
      new DeepJson('object', 200),
      new DeepJson('array', 5000),
      new DeepJson('object', 5000),
    ),
  },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 50_000 }, (_, i) => i)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

const SAFE = Number.MAX_SAFE_INTEGER;

function typeOf(schema: JsonSchema): string | undefined {
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

function numberBounds(schema: JsonSchema, integer: boolean) {
  let min = schema.minimum ?? -SAFE;
  let max = schema.maximum ?? SAFE;
  const step = integer ? 1 : 1e-6;
  if (schema.exclusiveMinimum === true) min += step;
  else if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + step;
  if (schema.exclusiveMaximum === true) max -= step;
  else if (typeof schema.exclusiveMaximum === 'number') max = schema.exclusiveMaximum - step;
  return { min: Math.max(min, -SAFE), max: Math.min(max, SAFE) };
}

/** A value the schema accepts (hints first, by the field's name). */
export function validValue(
  schema: JsonSchema,
  hints: Hints = {},
  name = '',
): fc.Arbitrary<unknown> {
  const hint = name ? hints[name] : undefined;
  if (hint) return hint;
  const inner = validInner(schema, hints);
  return schema.nullable ? fc.option(inner, { nil: null, freq: 5 }) : inner;
}

function validInner(schema: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => validValue(s, hints)));
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  switch (typeOf(schema)) {
    case 'string': {
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
      if (schema.pattern) {
        const pattern = new RegExp(schema.pattern);
        return fc
          .stringMatching(pattern)
          .filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity));
      }
      if (schema.format === 'email') return fc.emailAddress();
      return fc.string({ minLength, maxLength });
    }
    case 'integer': {
      const { min, max } = numberBounds(schema, true);
      return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
    }
    case 'number': {
      const { min, max } = numberBounds(schema, false);
      return fc.oneof(
        fc.integer({ min: Math.ceil(Math.max(min, -1000)), max: Math.floor(Math.min(max, 1000)) }),
        fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const items = schema.items ?? {};
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 5, 5));
      return fc.array(validValue(items, hints), { minLength, maxLength });
    }
    case 'object':
      return validObject(schema, hints);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function validObject(schema: JsonSchema, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) {
    model[key] = validValue(property, hints, key);
  }
  return fc.record(model, { requiredKeys: schema.required ?? [] });
}

/** A value at or just past the schema's limits (may be valid or not). */
export function boundaryValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => boundaryValue(s)));
  const type = typeOf(schema);
  if (schema.enum?.length) {
    const texts = schema.enum.filter((v): v is string => typeof v === 'string');
    return fc.constantFrom<unknown>(
      ...texts.map((v) => v.toUpperCase()),
      ...texts.map((v) => ` ${v} `),
      '',
      null,
    );
  }
  switch (type) {
    case 'string': {
      const max = schema.maxLength;
      const min = schema.minLength ?? 0;
      const edges = ['', ' ', 'x'.repeat(Math.max(min - 1, 0))];
      if (max !== undefined) edges.push('x'.repeat(max), 'x'.repeat(max + 1), 'é'.repeat(max));
      return fc.constantFrom(...edges, ...BOUNDARY_NUMBER_TEXTS);
    }
    case 'integer':
    case 'number': {
      const extra: number[] = [];
      if (schema.minimum !== undefined) extra.push(schema.minimum, schema.minimum - 1);
      if (schema.maximum !== undefined) extra.push(schema.maximum, schema.maximum + 1);
      return fc.constantFrom<unknown>(...BOUNDARY_NUMBERS, ...extra, ...BOUNDARY_NUMBER_TEXTS);
    }
    case 'boolean':
      return fc.constantFrom<unknown>('true', 'false', 0, 1, 'yes', '');
    case 'array': {
      const over = (schema.maxItems ?? 1000) + 1;
      return fc.constantFrom<unknown>(
        [],
        Array.from({ length: over }, () => ({})),
        Array.from({ length: over }, (_, i) => i + 1),
      );
    }
    case 'object':
      return fc.constantFrom<unknown>({}, { unknown_field: 1 });
    default:
      return fc.constantFrom<unknown>(null, '', 0);
  }
}

/** Any value for the field: mostly valid, some at the edges, some hostile. */
export function anyValue(schema: JsonSchema, hints: Hints = {}, name = ''): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: validValue(schema, hints, name) },
    { weight: 2, arbitrary: boundaryValue(schema) },
    { weight: 2, arbitrary: hostileValue },
  );
}

/** A body object: valid, with some fields replaced by edge or hostile values, or extra keys. */
export function mutatedObject(schema: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) {
    model[key] = anyValue(property, hints, key);
  }
  return fc
    .tuple(
      fc.record(model, { requiredKeys: [] }),
      fc.option(fc.dictionary(fc.oneof(hostileString, fc.string()), hostileValue, { maxKeys: 3 })),
    )
    .map(([base, extra]) => (extra ? { ...extra, ...base } : base));
}

/** A text version of any value, for places that only carry text (path, query, form fields). */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return toJson(value);
}

/** A text for a path, query or form field of this schema: valid, edge or hostile. */
export function anyText(schema: JsonSchema, hints: Hints = {}, name = ''): fc.Arbitrary<string> {
  return anyValue(schema, hints, name).map(asText);
}

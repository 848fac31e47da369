import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import {
  anyText,
  anyValue,
  type Hints,
  HOSTILE_STRINGS,
  hostileString,
  hostileValue,
  type JsonSchema,
  mutatedObject,
  toJson,
  validValue,
} from './schema-arbitraries';

/**
 * One request of the fuzzer per generated case: an operation of the OpenAPI document, who
 * calls it, and its path, query, headers and body — valid, at the edges, or hostile. A case
 * prints itself short (method, address, persona, headers, the body's first bytes): what
 * fast-check shows as the shrunk counterexample.
 */

export interface Operation {
  method: string;
  /** The OpenAPI path, `{name}` for parameters. */
  path: string;
  pathParams: Array<{ name: string; schema: JsonSchema }>;
  queryParams: Array<{ name: string; schema: JsonSchema; required: boolean }>;
  /** The JSON body's schema, when the document gives one. */
  jsonBody?: JsonSchema;
  /** The fields of an urlencoded form (the local provider's pages, outside the document). */
  formFields?: string[];
  secured: boolean;
}

export const operationKey = (op: Pick<Operation, 'method' | 'path'>) =>
  `${op.method.toUpperCase()} ${op.path}`;

interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation>>;
}
interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every operation of the document, in its order. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const params = op.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: params
          .filter((p) => p.in === 'path')
          .map((p) => ({ name: p.name, schema: p.schema ?? { type: 'string' } })),
        queryParams: params
          .filter((p) => p.in === 'query')
          .map((p) => ({
            name: p.name,
            schema: p.schema ?? { type: 'string' },
            required: p.required === true,
          })),
        jsonBody: op.requestBody?.content?.['application/json']?.schema,
        secured: Boolean(op.security?.length),
      });
    }
  }
  return operations;
}

/**
 * The routes the document leaves out — the local payment provider's pages and fonts, the
 * probes, robots and sitemap, media and the API docs: fuzzed all the same.
 */
export function operationsOutsideDocument(): Operation[] {
  const op = (method: string, path: string, formFields?: string[]): Operation => ({
    method,
    path,
    pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => ({
      name: m[1]!,
      schema: { type: 'string' },
    })),
    queryParams: [],
    secured: false,
    ...(formFields ? { formFields } : {}),
  });
  const card = ['card_number', 'card_expiry', 'card_cvc', 'card_name'];
  return [
    op('GET', '/pay/{sessionId}'),
    op('POST', '/pay/{sessionId}', card),
    op('POST', '/pay/{sessionId}/promo', ['promo_code']),
    op('GET', '/pay/assets/{file}'),
    op('GET', '/connect/onboarding/{token}'),
    op('POST', '/connect/onboarding/{token}', []),
    op('GET', '/healthz'),
    op('GET', '/readyz'),
    op('GET', '/robots.txt'),
    op('GET', '/sitemap.xml'),
    op('GET', '/sitemaps/{file}'),
    op('GET', '/media/{file}'),
    op('GET', '/docs/json'),
    op('GET', '/docs/static/{file}'),
    op('GET', '/metrics'),
    op('GET', '/ops/jobs/'),
    op('GET', '/ops/jobs/failed/'),
    op('POST', '/ops/jobs/{queue}/{id}/retry/', []),
  ];
}

// ---------------------------------------------------------------------------------------------
// Bodies the document does not describe: multipart forms and signed raw webhooks.

interface MultipartSpec {
  /** Text fields by name, with their valid values. */
  text: Record<string, fc.Arbitrary<string>>;
  /** File fields. */
  files: string[];
}

const productText = (variantIds: number[]): Record<string, fc.Arbitrary<string>> => ({
  name: fc.constantFrom('Linen Shirt', 'Juniper Soap'),
  description: fc.constantFrom('Breathable linen.', ''),
  price: fc.constantFrom('45.00', '0.50', '1', '999999.99'),
  condition: fc.constantFrom('new', 'used'),
  category: fc.constantFrom('Eco-Friendly Business', 'Individual Seller'),
  product_category: fc.constantFrom('Apparel', 'Shoes', 'Home Goods'),
  clear_images: fc.constantFrom('true', 'false'),
  'option_names[0]': fc.constantFrom('Size', 'Colour'),
  'option_names[1]': fc.constantFrom('Colour', ''),
  'existingImages[0]': fc.constantFrom('/media/products/none.webp', 'products/x.webp'),
  'variants[0].option1': fc.constantFrom('S', 'M'),
  'variants[0].option2': fc.constantFrom('Blue', ''),
  'variants[0].price': fc.constantFrom('45.00', '12'),
  'variants[0].id': fc.constantFrom(...variantIds.map(String), ''),
  'variants[0].clear_images': fc.constantFrom('true', 'false'),
  'variants[0].existingImages[0]': fc.constantFrom('/media/products/none.webp'),
  'variants[1].option1': fc.constantFrom('L'),
  'variants[1].price': fc.constantFrom('47.00'),
});

const businessText: Record<string, fc.Arbitrary<string>> = {
  name: fc.constantFrom('Moss & Fern', 'Tidepool'),
  description: fc.constantFrom('Small-batch goods.', ''),
  email: fc.constantFrom('hello@brand.example'),
  website: fc.constantFrom('https://brand.example', ''),
  business_type: fc.constantFrom('eco_friendly_company', 'individual_seller'),
  shipping_strategy: fc.constantFrom('Plastic-free parcels.'),
  price_range: fc.constantFrom('$10–$40'),
  production: fc.constantFrom('Made in Oregon.'),
};

/** The multipart routes (SPEC §7, lib/multipart-form.ts), by operation. */
export function multipartSpecs(variantIds: number[]): Record<string, MultipartSpec> {
  const product: MultipartSpec = {
    text: productText(variantIds),
    files: ['images[0].image', 'images[1].image', 'variants[0].images[0].image'],
  };
  return {
    'POST /api/registerbiz/': { text: businessText, files: ['logo', 'banner'] },
    'POST /api/business/edit/{businessId}/': { text: businessText, files: ['logonew', 'banner'] },
    'POST /api/add-product/{businessId}/': product,
    'PUT /api/products/{productId}/edit/': product,
    // Issue 29, point 7: the products CSV (the fuzz's files are pictures and bytes: refused).
    'POST /api/business/verification/{businessId}/': {
      text: {
        materials: fc.constantFrom('Organic cotton.', ''),
        packaging: fc.constantFrom('Recycled paper.', ''),
        certifications: fc.constantFrom('GOTS', ''),
      },
      files: ['document'],
    },
    'POST /api/business/products/{businessId}/import/': {
      text: { note: fc.constant('') },
      files: ['file'],
    },
  };
}

/** Routes whose body is raw signed bytes, and how to sign them. */
export type RawBodyKind = 'stripe' | 'shopify';
export const RAW_BODY_ROUTES: Record<string, RawBodyKind> = {
  'POST /api/payments/webhook/': 'stripe',
  'POST /api/shopify/webhooks/': 'shopify',
};

/**
 * Actions that take no body: the address says it all (issue 29: a product's copy; a saved
 * address made the default; issue 30: the buyer's cancel of an order, the brand's acceptance
 * of a return).
 */
export const NO_BODY_ROUTES = new Set([
  'POST /api/products/{productId}/duplicate/',
  'POST /api/addresses/{addressId}/default/',
  'POST /api/orders/{orderId}/cancel/',
  'POST /api/business/orders/{orderId}/returns/{returnId}/accept/',
]);

export interface Secrets {
  stripeWebhook: string;
  shopifyApi: string;
  /** The operator token (`/metrics`, `/ops/…`). */
  opsToken: string;
}

// ---------------------------------------------------------------------------------------------
// The case.

export type Persona = 'anonymous' | 'buyer' | 'seller' | 'forged' | 'operator';

export class FuzzCase {
  constructor(
    readonly op: string,
    readonly persona: Persona,
    readonly method: string,
    readonly url: string,
    readonly headers: Record<string, string>,
    readonly payload: string | Buffer | undefined,
    /** What kind of body this is, for the report. */
    readonly bodyKind: string,
  ) {}

  [fc.toStringMethod](): string {
    const shown = (text: string, max: number) =>
      text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
    const body =
      this.payload === undefined ? '(none)' : shown(JSON.stringify(this.payload.toString()), 600);
    return [
      `${this.method} ${shown(this.url, 400)} as ${this.persona}`,
      `  headers: ${shown(JSON.stringify(this.headers), 400)}`,
      `  body (${this.bodyKind}): ${body}`,
    ].join('\n');
  }

  toString(): string {
    return this[fc.toStringMethod]();
  }
}

/** Percent-encodes any text, lone surrogates included (as the bytes a broken client sends). */
export function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((ch) => {
        try {
          return encodeURIComponent(ch);
        } catch {
          // A lone surrogate: its three WTF-8 bytes.
          const code = ch.charCodeAt(0);
          const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
          return bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
        }
      })
      .join('');
  }
}

/** Names every plain object answers to: a lookup table indexed by a parameter must not. */
const PROTOTYPE_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

/** Written into the address as is: traversal, broken escapes, slashes, nothing. */
const RAW_SEGMENTS = ['..', '.', '%', '%zz', '%00', '%C0%AE', 'a/b', '', '%2F', ';', '?x=1', '#'];

export interface CaseContext {
  hints: Hints;
  /** Valid values of path parameters, by parameter name. */
  pathValues: Record<string, fc.Arbitrary<string>>;
  multipart: Record<string, MultipartSpec>;
  secrets: Secrets;
  /** Small real images for uploads. */
  images: Buffer[];
  /** A real access token, for the forged-header variants. */
  realToken: string;
}

function pathParamText(name: string, schema: JsonSchema, ctx: CaseContext): fc.Arbitrary<string> {
  const valid = ctx.pathValues[name] ?? ctx.pathValues.id ?? fc.constant('1');
  return fc.oneof(
    { weight: 8, arbitrary: valid.map(encodeSegment) },
    { weight: 3, arbitrary: anyText(schema, ctx.hints).map(encodeSegment) },
    { weight: 2, arbitrary: hostileString.map(encodeSegment) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) },
    { weight: 1, arbitrary: fc.constant('9'.repeat(600)) },
  );
}

function queryString(op: Operation, ctx: CaseContext): fc.Arbitrary<string> {
  const declared = op.queryParams.map((p) =>
    fc
      .option(
        anyText(p.schema, ctx.hints, p.name).map(
          (v) => `${encodeSegment(p.name)}=${encodeSegment(v)}`,
        ),
        { freq: p.required ? 6 : 2 },
      )
      .map((v) => v ?? ''),
  );
  const extra = fc.option(
    fc.constantFrom(
      '__proto__[polluted]=1',
      'constructor[prototype][polluted]=1',
      op.queryParams[0] ? `${op.queryParams[0].name}=1&${op.queryParams[0].name}=2` : 'a=1&a=2',
      op.queryParams[0] ? `${op.queryParams[0].name}[]=1` : 'a[]=1',
      '=',
      '&&&',
      '%',
      'a=%E0%A4%A',
      `q=${'x'.repeat(10_000)}`,
    ),
    { freq: 4 },
  );
  return fc
    .tuple(fc.tuple(...declared), extra)
    .map(([parts, more]) => [...parts, more ?? ''].filter(Boolean).join('&'));
}

/** Bodies that are not JSON at all, or JSON nobody should send. */
const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[1,2',
  "{'a':1}",
  '{"a":1,}',
  'nul',
  'undefined',
  '\u0000',
  '\uFEFF{}',
  '{"quantity":1e999999}',
  '{"a":1,"a":2}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '"just a string"',
  '12',
  'true',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
  JSON.stringify({ a: 'x'.repeat(2 * 1024 * 1024) }),
];

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/jsonx',
  'application/*',
  '*/*',
  'garbage',
  ';',
];

interface Body {
  payload: string | Buffer | undefined;
  contentType?: string;
  kind: string;
  extraHeaders?: Record<string, string>;
}

function jsonBody(schema: JsonSchema | undefined, ctx: CaseContext): fc.Arbitrary<Body> {
  const object = schema ?? { type: 'object' };
  const json = (kind: string) => (value: unknown) =>
    ({ payload: toJson(value), contentType: 'application/json', kind }) as Body;
  return fc.oneof(
    { weight: 4, arbitrary: validValue(object, ctx.hints).map(json('valid')) },
    { weight: 4, arbitrary: mutatedObject(object, ctx.hints).map(json('edge/hostile fields')) },
    { weight: 1, arbitrary: hostileValue.map(json('hostile value')) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...MALFORMED_JSON)
        .map((payload) => ({ payload, contentType: 'application/json', kind: 'malformed JSON' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...WRONG_CONTENT_TYPES), validValue(object, ctx.hints))
        .map(([contentType, value]) => ({
          payload: toJson(value),
          contentType,
          kind: 'wrong content type',
        })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Body>(
        { payload: '', contentType: 'application/json', kind: 'empty JSON' },
        { payload: undefined, kind: 'no body' },
        { payload: '{}', kind: 'no content type' },
      ),
    },
  );
}

/** A form post as a browser sends it (`application/x-www-form-urlencoded`), or not. */
function urlencodedBody(fields: string[], ctx: CaseContext): fc.Arbitrary<Body> {
  const type = 'application/x-www-form-urlencoded';
  const values = fields.map((name) =>
    fc.option(anyText({ type: 'string', maxLength: 100 }, ctx.hints, name), { freq: 6 }),
  );
  const form = fc.tuple(...values).map((vs) => {
    const params = new URLSearchParams();
    vs.forEach((v, i) => {
      if (v !== null) params.append(fields[i]!, v);
    });
    return { payload: params.toString(), contentType: type, kind: 'form' } as Body;
  });
  const odd = fc.constantFrom<Body>(
    { payload: '%', contentType: type, kind: 'broken escape' },
    { payload: 'a=%E0%A4%A&&=', contentType: type, kind: 'broken escape' },
    { payload: `card_name=${'x'.repeat(20_000)}`, contentType: type, kind: 'over the form limit' },
    { payload: '__proto__=1&constructor=2', contentType: type, kind: 'prototype keys' },
    { payload: '{"card_number":"4242"}', contentType: 'application/json', kind: 'JSON' },
    { payload: '{', contentType: 'application/json', kind: 'malformed JSON' },
    { payload: undefined, kind: 'no body' },
  );
  return fc.oneof({ weight: 4, arbitrary: form }, { weight: 2, arbitrary: odd });
}

/** A multipart body written by hand, so its names and framing can be anything. */
function multipartBytes(
  parts: Array<{ name: string; value: string | Buffer; filename?: string; type?: string }>,
  boundary = 'fuzzBoundary7MA4YWxkTrZu0gW',
): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.filename}"`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${
      part.type ? `Content-Type: ${part.type}\r\n` : ''
    }\r\n`;
    chunks.push(Buffer.from(head), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const HOSTILE_FORM_KEYS = [
  'variants[x].option1',
  'images[-1].image',
  'images[0]',
  'variants[99999].price',
  'option_names[10000]',
  'variants[0]',
  'variants[0].images[0]',
  'variants[0].images[x].image',
  'variants[0].existingImages[]',
  'variants[].option1',
  'images[00000000000000000001].image',
  '__proto__',
  'constructor',
  'variants[0].__proto__',
  'name\u0000',
  'na"me',
  '',
];

const FILENAMES = ['picture.png', '../../../etc/passwd', '\u202Egnp.exe', '', 'a'.repeat(1000)];

function multipartBody(spec: MultipartSpec, ctx: CaseContext): fc.Arbitrary<Body> {
  const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW';
  const contentType = `multipart/form-data; boundary=${boundary}`;
  const textPart = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...Object.keys(spec.text)) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_FORM_KEYS) },
  );
  const textValue = (name: string) =>
    fc.oneof(
      {
        weight: 4,
        arbitrary: Object.hasOwn(spec.text, name) ? spec.text[name]! : fc.constant('x'),
      },
      { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 60)) },
      { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
      { weight: 1, arbitrary: fc.constant('x'.repeat(100 * 1024 + 1)) },
    );
  const fileData = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...ctx.images) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        Buffer.alloc(0),
        Buffer.from('not an image'),
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        ctx.images[0]!.subarray(0, 40),
        Buffer.from('GIF89a\u0000\u0000'),
      ),
    },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)) },
  );
  const filePart = fc.record({
    name: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...spec.files) },
      { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_FORM_KEYS, ...Object.keys(spec.text)) },
    ),
    value: fileData,
    filename: fc.constantFrom(...FILENAMES),
    type: fc.constantFrom('image/png', 'text/plain', 'application/octet-stream', 'image/svg+xml'),
  });
  const wellFormed = fc
    .tuple(
      fc
        .uniqueArray(textPart, { maxLength: 12 })
        .chain((names) =>
          fc.tuple(...names.map((name) => textValue(name).map((value) => ({ name, value })))),
        ),
      fc.array(filePart, { maxLength: 3 }),
    )
    .map(([texts, files]) => ({
      payload: multipartBytes([...texts, ...files], boundary),
      contentType,
      kind: `multipart (${texts.length} fields, ${files.length} files)`,
    }));
  const complete = (values: Record<string, string>) =>
    multipartBytes(
      Object.entries(values).map(([name, value]) => ({ name, value })),
      boundary,
    );
  const broken = fc.constantFrom<Body>(
    { payload: complete({ name: 'x' }), contentType: 'multipart/form-data', kind: 'no boundary' },
    {
      payload: complete({ name: 'x' }),
      contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`,
      kind: 'boundary over 256 characters',
    },
    {
      payload: complete({ name: 'x' }),
      contentType: 'multipart/form-data; boundary=other',
      kind: 'wrong boundary',
    },
    {
      payload: complete({ name: 'x' }).subarray(0, 60),
      contentType,
      kind: 'truncated multipart',
    },
    {
      payload: multipartBytes(
        Array.from({ length: 450 }, (_, i) => ({ name: `f${i}`, value: 'v' })),
        boundary,
      ),
      contentType,
      kind: '450 fields',
    },
    {
      payload: multipartBytes(
        Array.from({ length: 45 }, (_, i) => ({
          name: `images[${i}].image`,
          value: Buffer.from('x'),
          filename: 'a.png',
        })),
        boundary,
      ),
      contentType,
      kind: '45 files',
    },
    {
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--\r\n`,
      ),
      contentType,
      kind: 'part without a name',
    },
    { payload: '{"name":"x"}', contentType: 'application/json', kind: 'JSON where a form belongs' },
    { payload: 'name=x', contentType: 'application/x-www-form-urlencoded', kind: 'urlencoded' },
    { payload: undefined, kind: 'no body' },
    { payload: '', contentType, kind: 'empty multipart' },
  );
  return fc.oneof({ weight: 5, arbitrary: wellFormed }, { weight: 2, arbitrary: broken });
}

function rawBody(kind: RawBodyKind, ctx: CaseContext): fc.Arbitrary<Body> {
  const stripeEvent = fc.record({
    id: fc.oneof(fc.constant('evt_fuzz'), hostileString),
    type: fc.constantFrom(
      'checkout.session.completed',
      'checkout.session.expired',
      'checkout.session.async_payment_succeeded',
      'account.updated',
      'charge.refunded',
      'unknown.event',
    ),
    data: fc.record({
      object: fc.oneof(
        fc.record({
          id: fc.oneof(fc.constant('cs_fuzz'), hostileString),
          object: fc.constantFrom('checkout.session', 'account'),
          amount_total: anyValue({ type: 'integer' }),
          payment_status: fc.constantFrom('paid', 'unpaid', ''),
          metadata: fc.dictionary(fc.string(), hostileValue, { maxKeys: 3 }),
          charges_enabled: fc.boolean(),
        }),
        hostileValue,
      ),
    }),
  });
  const shopifyBody = fc.oneof(
    fc.record({
      id: anyValue({ type: 'integer' }),
      admin_graphql_api_id: fc.oneof(fc.constant('gid://shopify/Product/1'), hostileString),
      domain: fc.constantFrom('leafline-demo.myshopify.com', 'other.myshopify.com'),
      myshopify_domain: fc.constantFrom('leafline-demo.myshopify.com'),
    }),
    hostileValue,
  );
  const text = kind === 'stripe' ? stripeEvent : shopifyBody;
  const bytes = fc.oneof(
    { weight: 4, arbitrary: text.map((v) => toJson(v)) },
    { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_JSON.slice(0, 16)) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)) },
  );
  const signed = fc.oneof(
    { weight: 3, arbitrary: fc.constant(true) },
    { weight: 2, arbitrary: fc.constant(false) },
  );
  const contentType = fc.constantFrom('application/json', 'text/plain', 'application/xml', '');
  if (kind === 'stripe') {
    return fc
      .tuple(bytes, signed, contentType, hostileString)
      .map(([payload, sign, type, badSignature]) => {
        const t = Math.floor(Date.now() / 1000);
        const v1 = createHmac('sha256', ctx.secrets.stripeWebhook)
          .update(`${t}.${payload.toString()}`, 'utf8')
          .digest('hex');
        const signature = sign ? `t=${t},v1=${v1}` : asciiHeader(badSignature);
        return {
          payload,
          ...(type ? { contentType: type } : {}),
          kind: sign ? 'signed event' : 'unsigned event',
          extraHeaders: { 'stripe-signature': signature },
        };
      });
  }
  return fc
    .tuple(
      bytes,
      signed,
      contentType,
      fc.constantFrom('products/update', 'products/delete', 'app/uninstalled', 'orders/create', ''),
      fc.constantFrom('leafline-demo.myshopify.com', 'other.myshopify.com', '', 'x'.repeat(300)),
      fc.oneof(
        fc.constant('webhook-1'),
        fc.string({ maxLength: 20 }),
        fc.constant('w'.repeat(201)),
      ),
    )
    .map(([payload, sign, type, topic, shop, webhookId]) => {
      const hmac = createHmac('sha256', ctx.secrets.shopifyApi)
        .update(Buffer.from(payload))
        .digest('base64');
      const headers: Record<string, string> = {
        'x-shopify-hmac-sha256': sign ? hmac : 'bm90IGEgc2lnbmF0dXJl',
        'x-shopify-topic': topic,
        'x-shopify-shop-domain': shop,
        'x-shopify-webhook-id': asciiHeader(webhookId),
        // Recent, as Shopify's own: an old delivery is refused before its body is read.
        'x-shopify-triggered-at': new Date().toISOString(),
      };
      return {
        payload,
        ...(type ? { contentType: type } : {}),
        kind: sign ? 'signed webhook' : 'unsigned webhook',
        extraHeaders: headers,
      };
    });
}

/** Header values must be Latin-1 without control characters, or no HTTP client sends them. */
function asciiHeader(text: string): string {
  return text.replace(/[^\u0020-\u007e]/g, '?');
}

/** The body for an operation without one in the document (a GET, a DELETE): mostly nothing. */
const NO_BODY: fc.Arbitrary<Body> = fc.oneof(
  { weight: 8, arbitrary: fc.constant<Body>({ payload: undefined, kind: 'no body' }) },
  {
    weight: 1,
    arbitrary: hostileValue.map((v) => ({
      payload: toJson(v),
      contentType: 'application/json',
      kind: 'unexpected JSON',
    })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(...MALFORMED_JSON.slice(0, 8))
      .map((payload) => ({ payload, contentType: 'application/json', kind: 'unexpected text' })),
  },
);

/** Headers a client may send oddly: ranges, validators, encodings, resumes, proxies. */
const ODD_HEADERS: fc.Arbitrary<Record<string, string>> = fc.dictionary(
  fc.constantFrom(
    'range',
    'if-none-match',
    'if-modified-since',
    'accept-encoding',
    'accept',
    'last-event-id',
    'x-forwarded-for',
    'x-forwarded-proto',
    'origin',
    'cookie',
  ),
  fc.constantFrom(
    'bytes=999999999-',
    'bytes=0-0,1-1,2-2,3-3',
    'bytes=abc',
    '*',
    '"x"',
    'Thu, 01 Jan 1970 00:00:00 GMT',
    'not a date',
    'br;q=2, gzip;q=-1, *;q=0',
    'text/event-stream',
    'application/json;q=0',
    '-1',
    '99999999999999999999',
    '1, 2',
    '::1, 999.999.999.999, not-an-ip',
    'null',
    '=; ;=',
    'x'.repeat(4000),
  ),
  { maxKeys: 3 },
);

function personaHeaders(ctx: CaseContext): fc.Arbitrary<{ persona: Persona; forged?: string }> {
  const forged = fc.constantFrom(
    'Bearer ',
    'Bearer x.y.z',
    `Bearer ${'a'.repeat(8000)}`,
    'Basic Zm9vOmJhcg==',
    `Bearer ${ctx.realToken}x`,
    `Bearer ${ctx.realToken.split('.').slice(0, 2).join('.')}.`,
    `bearer ${ctx.realToken}`,
    `Bearer  ${ctx.realToken}`,
    'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
    'Token abc',
  );
  return fc.oneof(
    // The seller most: owner-only routes reach their validation only for the owner.
    { weight: 2, arbitrary: fc.constant({ persona: 'anonymous' as const }) },
    { weight: 3, arbitrary: fc.constant({ persona: 'buyer' as const }) },
    { weight: 5, arbitrary: fc.constant({ persona: 'seller' as const }) },
    { weight: 1, arbitrary: forged.map((f) => ({ persona: 'forged' as const, forged: f })) },
    // The operator's token: the operator calls reach their validation only with it.
    {
      weight: 1,
      arbitrary: fc.constant({
        persona: 'operator' as const,
        forged: `Bearer ${ctx.secrets.opsToken}`,
      }),
    },
  );
}

/** Every request the fuzzer may send for this operation. */
export function caseArbitrary(op: Operation, ctx: CaseContext): fc.Arbitrary<FuzzCase> {
  const key = operationKey(op);
  const pathParts = op.path.split(/(\{[^}]+\})/);
  const segments = pathParts.map((part) => {
    const name = /^\{(.+)\}$/.exec(part)?.[1];
    if (!name) return fc.constant(part);
    const schema = op.pathParams.find((p) => p.name === name)?.schema ?? { type: 'string' };
    return pathParamText(name, schema, ctx);
  });
  const multipart = ctx.multipart[key];
  const raw = RAW_BODY_ROUTES[key];
  const body = multipart
    ? multipartBody(multipart, ctx)
    : raw
      ? rawBody(raw, ctx)
      : op.jsonBody
        ? jsonBody(op.jsonBody, ctx)
        : op.formFields
          ? urlencodedBody(op.formFields, ctx)
          : NO_BODY;
  return fc
    .tuple(
      fc.tuple(...segments),
      queryString(op, ctx),
      body,
      personaHeaders(ctx),
      fc.option(ODD_HEADERS, { freq: 4 }),
    )
    .map(([parts, query, b, who, odd]) => {
      const headers: Record<string, string> = { ...odd, ...b.extraHeaders };
      if (b.contentType !== undefined) headers['content-type'] = b.contentType;
      if (who.forged) headers.authorization = who.forged;
      const url = `${parts.join('')}${query ? `?${query}` : ''}`;
      return new FuzzCase(key, who.persona, op.method, url, headers, b.payload, b.kind);
    });
}

/** Which operations need a body description the document lacks (multipart, raw webhooks). */
export function undescribedBodies(operations: Operation[], ctx: CaseContext): string[] {
  return operations
    .filter(
      (op) =>
        (op.method === 'POST' || op.method === 'PUT' || op.method === 'PATCH') &&
        !op.jsonBody &&
        !op.formFields,
    )
    .map(operationKey)
    .filter((key) => !ctx.multipart[key] && !RAW_BODY_ROUTES[key] && !NO_BODY_ROUTES.has(key));
}

/**
 * Schema fuzzer: requests generated from the OpenAPI document for every operation (path parameters, query,
 * JSON and multipart bodies; valid-looking and hostile values), sent as the administrator, a share of them
 * anonymously or with a bad token. Every answer must be below 500 and match what the document says for its
 * status. Bounded and repeatable: a fixed seed, a count per operation and a time budget (FUZZ_SEED,
 * FUZZ_REQUESTS, FUZZ_BUDGET_MS change them). Reads run first, then writes, then deletions, so the
 * seeded data lives as long as possible.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeWechatPay, startFakeWechatPay } from './fakes/wechatpay.ts';
import { ADMIN_PASSWORD, createTestServer, multipart, type TestServer } from './helpers.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 8);
const PER_OPERATION = Number(process.env.FUZZ_REQUESTS ?? 40);
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 100_000);

interface Schema {
  $ref?: string;
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  format?: string;
  [keyword: string]: unknown;
}

interface Operation {
  method: string;
  path: string;
  spec: OpenAPIV3.OperationObject;
}

interface Sent {
  method: string;
  url: string;
  as: 'admin' | 'anonymous' | 'bad token';
  body?: string;
}

// ---------------------------------------------------------------- values

function randomSource(seed: number) {
  let state = seed >>> 0;
  // mulberry32: small, fast and the same sequence on every platform.
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}
type Random = ReturnType<typeof randomSource>;

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  'x'.repeat(10_000),
  '测'.repeat(5_000),
  '😀'.repeat(300),
  "' OR 1=1 --",
  '<img src=x onerror=alert(1)>',
  '../../etc/passwd',
  'javascript:alert(1)',
  '//evil.example/',
  '/\\evil.example',
  '\u202egnp.exe',
  'e\u0301',
  '%00',
  'NaN',
  '1e309',
  '9'.repeat(400),
];
const HOSTILE_NUMBERS = [
  0,
  -1,
  0.5,
  2147483647,
  2147483648,
  -2147483649,
  4294967296,
  Number.MAX_SAFE_INTEGER,
  2 ** 63,
  1e308,
  -1e308,
  5e-324,
];
const WRONG_TYPES: unknown[] = [null, true, {}, [], ['x'], { $gt: '' }];
/** A fresh copy each time: a shared object mutated later would make a body refer to itself. */
const hostile = (r: Random): unknown =>
  structuredClone(r.pick([r.pick(HOSTILE_STRINGS), r.pick(HOSTILE_NUMBERS), r.pick(WRONG_TYPES)]));

/** Path parameters as they appear in the URL (already percent-encoded). */
const HOSTILE_SEGMENTS = [
  '0',
  '-1',
  '1.5',
  '2147483648',
  '9007199254740993',
  '99999999999999999999',
  '1e3',
  'abc',
  '%00',
  '%ED%A0%80',
  '%F0%9F%98%80',
  'x'.repeat(101),
  '%20',
  '..%2F..%2Fetc',
];

/** encodeURIComponent, except that a lone surrogate becomes its (invalid) UTF-8 bytes instead of throwing. */
function encode(value: string): string {
  return Array.from(value, (char) => {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    }
    return encodeURIComponent(char);
  }).join('');
}

/** Known record ids by resource (the path segment before `{id}`), learnt from the answers. */
class Ids {
  private readonly byResource = new Map<string, Set<number>>();
  add(resource: string, id: unknown) {
    if (typeof id !== 'number') return;
    const ids = this.byResource.get(resource) ?? new Set();
    ids.add(id);
    this.byResource.set(resource, ids);
  }
  pick(r: Random, resource?: string): number {
    const ids = resource ? this.byResource.get(resource) : undefined;
    const pool = ids?.size ? [...ids] : [...this.byResource.values()].flatMap((set) => [...set]);
    return pool.length ? r.pick(pool) : r.int(1, 10);
  }
  remove(resource: string, id: number) {
    this.byResource.get(resource)?.delete(id);
  }
}

class Generator {
  constructor(
    private readonly components: Record<string, Schema>,
    private readonly r: Random,
    private readonly ids: Ids,
  ) {}

  /** The collection the current operation is about: where a bare `id` or `ids` points. */
  collection: string | undefined;

  resolve(schema: Schema): Schema {
    let current = schema;
    while (current.$ref) current = this.components[current.$ref.split('/').pop()!] ?? {};
    return current;
  }

  /** A value of `schema`; at every node a `hostility` chance of a hostile one instead. */
  value(schema: Schema, name: string, hostility: number, depth = 0): unknown {
    const r = this.r;
    if (r.chance(hostility)) return hostile(r);
    const s = this.resolve(schema);
    if (s.nullable && r.chance(0.1)) return null;
    const branches = s.anyOf ?? s.oneOf;
    if (branches) return this.value(r.pick(branches), name, hostility, depth);
    if (s.allOf) return this.value(Object.assign({}, ...s.allOf.map((part) => this.resolve(part))), name, 0);
    if (s.enum) return r.pick(s.enum);
    switch (s.type) {
      case 'object': {
        const out: Record<string, unknown> = {};
        for (const [key, property] of Object.entries(s.properties ?? {})) {
          if (s.required?.includes(key) || (depth < 4 && r.chance(0.6)))
            out[key] = this.value(property, key, hostility, depth + 1);
        }
        if (r.chance(hostility / 2)) out[r.pick(['unexpected', 'id', 'createTime', 'passwordHash'])] = 1;
        if (r.chance(hostility / 4))
          Object.defineProperty(out, '__proto__', { value: { admin: true }, enumerable: true });
        return out;
      }
      case 'array': {
        const min = s.minItems ?? 0;
        const length = depth > 4 ? min : r.int(min, Math.min(s.maxItems ?? min + 3, min + 3));
        const itemName = name.replace(/s$/, '');
        return Array.from({ length }, () => this.value(s.items ?? {}, itemName, hostility, depth + 1));
      }
      case 'integer':
      case 'number':
        return this.number(s, name);
      case 'boolean':
        return r.chance(0.5);
      case 'string':
        return this.string(s, name);
      default:
        return r.pick(['x', 1, true, null]);
    }
  }

  private number(s: Schema, name: string): number {
    const r = this.r;
    if (/(^id|Id)$/.test(name) && r.chance(0.8)) return this.ids.pick(r, resourceOf(name) ?? this.collection);
    const min = typeof s.minimum === 'number' ? s.minimum : -1000;
    const max = Math.min(typeof s.maximum === 'number' ? s.maximum : 1000, min + 1000);
    let value = s.type === 'integer' ? r.int(Math.ceil(min), Math.floor(max)) : min + r.next() * (max - min);
    if (s.exclusiveMinimum === true && value <= min) value = max;
    if (s.exclusiveMaximum === true && value >= max) value = min + (s.type === 'integer' ? 1 : 0.5);
    return r.chance(0.05) ? r.pick([min, max]) : value;
  }

  private string(s: Schema, name: string): string {
    const r = this.r;
    if (s.format === 'date-time')
      return new Date(Date.UTC(2026, 0, 1) + r.int(-1e9, 1e9) * 1000).toISOString();
    if (s.format === 'email') return `fuzz${r.int(0, 99_999)}@example.com`;
    if (/url$/i.test(name))
      return r.pick(['', `/uploads/${'ab'.repeat(16)}.png`, 'https://example.com/a.png', '/tests']);
    const min = s.minLength ?? 0;
    const max = Math.min(s.maxLength ?? min + 16, min + 16);
    const length = r.chance(0.05) ? (s.maxLength ?? min) : r.int(Math.max(min, 1), Math.max(max, 1));
    const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789 _-.测试量表情绪';
    return Array.from({ length }, () => r.pick([...alphabet])).join('');
  }
}

/** `categoryId` -> `categories`, `testIds` -> `tests`; `id` and `ids` belong to whatever the route is about. */
function resourceOf(name: string): string | undefined {
  const stem = name.replace(/Ids?$/, '');
  if (!stem || stem === name) return undefined;
  return stem.endsWith('y') ? `${stem.slice(0, -1)}ies` : `${stem}s`;
}

// ---------------------------------------------------------------- the document as JSON Schema for ajv

/** OpenAPI 3.0 schema -> JSON Schema: `nullable`, boolean exclusive bounds, component refs by name. */
function jsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(jsonSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const { nullable, exclusiveMinimum, exclusiveMaximum, ...rest } = schema as Schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (key === '$ref' && typeof value === 'string') out.$ref = value.split('/').pop();
    else if (key === 'properties' && value && typeof value === 'object')
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, jsonSchema(sub)]));
    else if (['items', 'additionalProperties', 'not', 'anyOf', 'oneOf', 'allOf'].includes(key))
      out[key] = jsonSchema(value);
    else out[key] = value;
  }
  if (exclusiveMinimum === true) {
    out.exclusiveMinimum = out.minimum;
    delete out.minimum;
  }
  if (exclusiveMaximum === true) {
    out.exclusiveMaximum = out.maximum;
    delete out.maximum;
  }
  return nullable ? { anyOf: [out, { type: 'null' }] } : out;
}

function schemaChecker(components: Record<string, Schema>) {
  const ajv = new Ajv({ strict: false, allErrors: false });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  for (const [name, schema] of Object.entries(components)) ajv.addSchema(jsonSchema(schema) as object, name);
  const cache = new Map<Schema, ValidateFunction>();
  return (schema: Schema, value: unknown): string | null => {
    let validate = cache.get(schema);
    if (!validate) {
      validate = ajv.compile(jsonSchema(schema) as object);
      cache.set(schema, validate);
    }
    return validate(value) ? null : ajv.errorsText(validate.errors);
  };
}

/** `value` with only the keys `schema` knows, so a record read back can serve as a body to send. */
function project(value: unknown, schema: Schema, resolve: (s: Schema) => Schema): unknown {
  const s = resolve(schema);
  const branches = s.anyOf ?? s.oneOf;
  if (branches) {
    const objects = branches.map(resolve).filter((branch) => branch.properties);
    if (objects.length)
      return project(
        value,
        { type: 'object', properties: Object.assign({}, ...objects.map((o) => o.properties)) },
        resolve,
      );
    return value;
  }
  if (Array.isArray(value) && s.items) return value.map((item) => project(item, s.items!, resolve));
  if (value && typeof value === 'object' && !Array.isArray(value) && s.properties) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key in s.properties!)
        .map(([key, sub]) => [key, project(sub, s.properties![key]!, resolve)]),
    );
  }
  return value;
}

/** Every object inside `value` (itself included), for use as a body base. */
function objectsIn(value: unknown, out: object[] = []): object[] {
  if (Array.isArray(value)) for (const item of value) objectsIn(item, out);
  else if (value && typeof value === 'object') {
    out.push(value);
    for (const item of Object.values(value)) objectsIn(item, out);
  }
  return out;
}

/** `base` with one or two of its leaves replaced by hostile values or removed. */
function mutate(base: unknown, r: Random, changes: number): unknown {
  const copy = structuredClone(base);
  for (let i = 0; i < changes; i++) {
    let parent: unknown = null;
    let key: string | number = '';
    let node: unknown = copy;
    // Walk down a random path while there is something to walk into.
    for (let depth = 0; depth < 6 && node && typeof node === 'object'; depth++) {
      const keys: (string | number)[] = Array.isArray(node)
        ? node.map((_, index) => index)
        : Object.keys(node);
      if (!keys.length || (parent && r.chance(0.3))) break;
      parent = node;
      key = r.pick(keys);
      node = (node as Record<string | number, unknown>)[key];
    }
    if (!parent) return hostile(r);
    const record = parent as Record<string | number, unknown>;
    if (!Array.isArray(parent) && r.chance(0.15)) delete record[key];
    else record[key] = hostile(r);
  }
  return copy;
}

// ---------------------------------------------------------------- the run

const RAW_BODIES = ['{', '[]', 'null', '"text"', '{"a":1e400}', '{"__proto__":{"admin":true}}', '\u0000'];
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let server: TestServer;
let wechat: Server;
let wechatPay: FakeWechatPay;
beforeAll(async () => {
  // WeChat refuses every code, as it does a forged one: sign-in answers 400 rather than 503 (not set up).
  wechat = createServer((_request, response) => response.end('{"errcode":40029,"errmsg":"invalid code"}'));
  await new Promise<void>((resolve) => wechat.listen(0, '127.0.0.1', resolve));
  const apiBase = `http://127.0.0.1:${(wechat.address() as AddressInfo).port}`;
  // WeChat Pay set up against its local fake, so orders and notifications answer as they do in service
  // (not 503 not set up).
  wechatPay = await startFakeWechatPay();
  server = await createTestServer({
    wechat: { appId: 'wx-fuzz', appSecret: 'fuzz-secret', apiBase },
    wechatPayApiBase: wechatPay.url,
  });
  const { merchantConfig } = wechatPay;
  const configured = await server.call(await server.login(), {
    method: 'PUT',
    url: '/api/settings/wechat-pay',
    payload: { ...merchantConfig, notifyBaseUrl: 'https://pay.example.com', orderExpireMinutes: 30 },
  });
  expect(configured.status).toBe(200);
});
afterAll(async () => {
  await server?.close();
  wechat?.close();
  await wechatPay?.close();
});

it('answers every generated request below 500 and as documented', {
  timeout: BUDGET_MS + 60_000,
}, async () => {
  const doc = server.app.swagger() as OpenAPIV3.Document;
  const components = (doc.components?.schemas ?? {}) as Record<string, Schema>;
  const r = randomSource(SEED);
  const ids = new Ids();
  const generator = new Generator(components, r, ids);
  const resolve = (schema: Schema) => generator.resolve(schema);
  const check = schemaChecker(components);
  // The checker must be able to fail: a wrong body against a documented answer (with a component $ref).
  const nav = doc.paths['/api/user/nav']?.get?.responses['200'] as OpenAPIV3.ResponseObject;
  const navSchema = nav.content?.['application/json']?.schema as Schema;
  expect(
    check(navSchema, { code: 0, success: true, message: '', result: [{ path: 1, name: 'x' }], timestamp: 0 }),
  ).toMatch(/path/);
  const adminToken = await server.login();
  // Signing out ends the session it is sent with: those requests get sessions of their own.
  const spareTokens = await Promise.all([server.login(), server.login(), server.login()]);
  const me = (await server.call(adminToken, { method: 'GET', url: '/api/user/info' })).body.result;
  // The participant app's routes (`/api/client/*`) take a participant's token instead.
  const clientToken = (await server.call(null, { method: 'POST', url: '/api/client/session', payload: {} }))
    .body.result.token as string;

  const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, item]) =>
    (['get', 'post', 'put', 'delete', 'patch'] as const)
      .filter((method) => item?.[method])
      .map((method) => ({ method: method.toUpperCase(), path, spec: item![method]! })),
  );
  // Reads, then writes, then what deletes (the seeded records are gone after that).
  const phaseOf = (op: Operation) =>
    op.method === 'DELETE' || op.path.includes('delete') ? 2 : op.method === 'GET' ? 0 : 1;

  // Objects seen in answers (with the path that answered), to mutate into bodies; and bodies no answer shows.
  const bases: { value: object; from?: string }[] = [
    { value: { username: 'admin', password: ADMIN_PASSWORD } },
    {
      value: { username: 'fuzz-operator', name: 'Fuzz operator', password: 'secret-pass-1', roleId: 'admin' },
    },
  ];
  const files: (Buffer | string)[] = [PNG, Buffer.alloc(0), Buffer.alloc(4096, 7)];
  for (const format of ['csv', 'xlsx']) {
    const url = `/api/questions/template?format=${format}`;
    const template = await server.app.inject({ url, headers: { authorization: adminToken } });
    files.push(template.rawPayload);
  }
  const failures = new Map<string, string>();
  const statuses = new Map<number, number>();
  const succeeded = new Set<Operation>();
  let sentCount = 0;

  // The collections records live in: the path segments an `{id}` follows.
  const collections = new Set(
    operations.flatMap((op) => op.path.split('/').filter((_, i, parts) => parts[i + 1] === '{id}')),
  );
  /** The collection a URL's answer is about: its last segment naming one (`/api/tests/1/questions`). */
  const collectionOf = (url: string) =>
    url
      .split('?')[0]!
      .split('/')
      .findLast((segment) => collections.has(segment)) ?? '';

  const learn = (method: string, url: string, status: number, body: unknown) => {
    if (status >= 300 || !body || typeof body !== 'object') return;
    const result = 'result' in body ? (body.result as unknown) : body;
    const from = url.split('?')[0]!;
    if (bases.length < 2000)
      bases.push(
        ...objectsIn(result)
          .slice(0, 100)
          .map((value) => ({ value, from })),
      );
    const collection = collectionOf(url);
    const records = result && typeof result === 'object' && 'data' in result ? result.data : [result];
    if (!Array.isArray(records)) return;
    for (const record of records) ids.add(collection, record?.id);
    // A page's ids, as the bodies that list ids (reorder, delete several) take them.
    if (records.length > 1) bases.push({ value: { ids: records.map((record) => record?.id) }, from });
    if (method === 'DELETE') ids.remove(collection, Number(url.match(/\/(\d+)/)?.[1]));
  };

  // Records read back that, cut to a body's keys, are valid bodies; worked out again as many more are read.
  const fittingBodies = new Map<Schema, { seen: number; bodies: { body: unknown; from?: string }[] }>();
  const fitting = (schema: Schema) => {
    const cached = fittingBodies.get(schema);
    if (cached && cached.seen * 1.25 >= bases.length) return cached.bodies;
    const bodies = bases
      .map(({ value, from }) => ({ body: project(value, schema, resolve), from }))
      .filter(({ body }) => check(schema, body) === null)
      .slice(-100);
    fittingBodies.set(schema, { seen: bases.length, bodies });
    return bodies;
  };

  type Body = { payload: string | Buffer; headers: Record<string, string> };
  const bodyFor = (op: Operation, path: string): Body | null => {
    const content = (op.spec.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content;
    if (!content) return null;
    if (content['multipart/form-data']) {
      const file = r.chance(0.8) ? r.pick(files) : r.pick(HOSTILE_STRINGS);
      const form = multipart(
        file,
        r.pick(['a.png', 'q.csv', 'q.xlsx', '../x', '']),
        r.pick(['image/png', 'text/csv']),
      );
      const roll = r.next();
      if (roll < 0.1)
        return { payload: form.payload.subarray(0, form.payload.length - 8), headers: form.headers };
      if (roll < 0.2) return { payload: '{}', headers: { 'content-type': 'application/json' } };
      if (roll < 0.25) return multipart(PNG, 'a.png', 'image/png', 'other');
      return form;
    }
    const schema = content['application/json']?.schema as Schema;
    const json = { 'content-type': 'application/json' };
    const roll = r.next();
    if (roll < 0.07) return { payload: r.pick(RAW_BODIES), headers: json };
    if (roll < 0.1)
      return { payload: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } };
    if (roll < 0.55) {
      const bodies = fitting(schema);
      // Preferably one read from this record or its parent (its questions for a reorder).
      const own = bodies.filter(({ from }) => from && (path === from || path.startsWith(`${from}/`)));
      const chosen = own.length && r.chance(0.7) ? r.pick(own) : bodies.length ? r.pick(bodies) : null;
      if (chosen) return { payload: JSON.stringify(mutate(chosen.body, r, r.int(0, 2))), headers: json };
    }
    return { payload: JSON.stringify(generator.value(schema, '', r.pick([0, 0.05, 0.2]))), headers: json };
  };

  const requestFor = (op: Operation) => {
    const parameters = (op.spec.parameters ?? []) as OpenAPIV3.ParameterObject[];
    let url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      if (r.chance(0.2)) return r.pick(HOSTILE_SEGMENTS);
      const owner = collectionOf(op.path.slice(0, op.path.indexOf(`{${name}}`)));
      let id = ids.pick(r, owner);
      // Never edit the account the fuzzer signs in with: its session must outlive the run.
      if (op.method !== 'GET' && owner === 'accounts' && id === me.id) id = 0;
      return String(id);
    });
    const body = bodyFor(op, url);
    const query: string[] = [];
    for (const parameter of parameters.filter((p) => p.in === 'query')) {
      if (!parameter.required && !r.chance(0.5)) continue;
      const value = generator.value(parameter.schema as Schema, parameter.name, 0.15);
      const values = Array.isArray(value) ? value : [value];
      for (const item of values) {
        const text = typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item);
        query.push(`${encode(parameter.name)}=${encode(text)}`);
      }
    }
    if (r.chance(0.05))
      query.push(`${r.pick(['unexpected', 'pageNo', '__proto__'])}=${encode(String(hostile(r)))}`);
    if (query.length) url += `?${query.join('&')}`;
    // Header parameters (WeChat Pay's signature headers): usually sent, as generated or hostile.
    const headers: Record<string, string> = {};
    for (const parameter of parameters.filter((p) => p.in === 'header')) {
      if (!r.chance(0.8)) continue;
      const value = r.chance(0.7)
        ? generator.value(parameter.schema as Schema, parameter.name, 0.15)
        : hostile(r);
      // What an HTTP header can carry: no line breaks or NULs (Node refuses them before sending).
      headers[parameter.name] = String(typeof value === 'object' ? JSON.stringify(value) : value).replace(
        /[^\t\x20-\x7e]/g,
        '?',
      );
    }
    const roll = r.next();
    const as: Sent['as'] = roll < 0.08 ? 'anonymous' : roll < 0.12 ? 'bad token' : 'admin';
    let token: string | null =
      as === 'admin' ? adminToken : as === 'bad token' ? 'not-a-session-token' : null;
    if (op.path === '/api/auth/logout' && as === 'admin') token = spareTokens.pop() ?? null;
    if (op.path.startsWith('/api/client/') && as === 'admin') token = clientToken;
    return { url, as, token, body, headers };
  };

  const verify = (
    op: Operation,
    sent: Sent,
    status: number,
    headers: Record<string, unknown>,
    body: unknown,
  ) => {
    const fail = (problem: string) => {
      const key = `${op.method} ${op.path} ${status} ${problem.slice(0, 60)}`;
      if (!failures.has(key))
        failures.set(
          key,
          `${op.method} ${op.path} -> ${status}: ${problem}\n    sent ${JSON.stringify(sent).slice(0, 400)}\n    got ${JSON.stringify(body).slice(0, 300)}`,
        );
    };
    // A 502 that names a service outside this server (the mail server at a host the fuzzer saved, an SMS or
    // sign-in provider) is that service's answer, passed on as documented, not our failure.
    const upstream = (body as { result?: { error?: string } } | null)?.result?.error;
    const passedOn = status === 502 && /^(mail|sms|oauth|wechat|wechatpay)\./.test(upstream ?? '');
    if (status >= 500 && !passedOn) fail('server error');
    const family = `${Math.floor(status / 100)}XX`;
    const documented = (op.spec.responses[status] ??
      op.spec.responses[family] ??
      op.spec.responses.default) as OpenAPIV3.ResponseObject | undefined;
    if (!documented) return fail('status not documented');
    const mediaType = String(headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    const media = documented.content?.[mediaType];
    if (!media) return fail(`content type "${mediaType}" not documented`);
    if (mediaType !== 'application/json') return;
    const problem = check(media.schema as Schema, body);
    if (problem) fail(`body does not match the documented schema: ${problem}`);
  };

  const started = Date.now();
  for (const phase of [0, 1, 2]) {
    // Each phase gets its share of the budget, so deletions always run.
    const deadline = started + BUDGET_MS * [0.4, 0.8, 1][phase]!;
    const plan = operations
      .filter((op) => phaseOf(op) === phase)
      .flatMap((op) => {
        const hasInput = op.spec.parameters?.length || op.spec.requestBody;
        return Array.from({ length: hasInput ? PER_OPERATION : 4 }, () => op);
      });
    // A seeded shuffle: operations interleave, so each meets the state the others leave.
    for (let i = plan.length - 1; i > 0; i--) {
      const j = r.int(0, i);
      [plan[i], plan[j]] = [plan[j]!, plan[i]!];
    }
    for (const op of plan) {
      if (Date.now() > deadline) break;
      generator.collection = collectionOf(op.path);
      const { url, as, token, body, headers } = requestFor(op);
      const sent: Sent = {
        method: op.method,
        url,
        as,
        ...(body ? { body: String(body.payload).slice(0, 300) } : {}),
      };
      const response = await server.call(token, {
        method: op.method as 'GET',
        url,
        ...(body ? { payload: body.payload } : {}),
        headers: { ...headers, ...body?.headers },
      });
      sentCount++;
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status < 300) succeeded.add(op);
      verify(op, sent, response.status, response.headers, response.body);
      if (as === 'admin') learn(op.method, url, response.status, response.body);
    }
  }
  const histogram = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
  const neverSucceeded = operations.filter((op) => !succeeded.has(op)).map((op) => `${op.method} ${op.path}`);
  console.log(
    `fuzz: seed ${SEED}, ${sentCount} requests over ${operations.length} operations in ${Date.now() - started} ms`,
    `\n  statuses ${histogram.join(', ')}`,
    `\n  never answered 2xx: ${neverSucceeded.join(', ') || 'none'}`,
  );
  expect([...failures.values()]).toEqual([]);
});

import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import sharp from "sharp";
import { afterAll, describe, expect, it, vi } from "vitest";
import { startFakeSmsGateway } from "../lib/sms-gateway-fake.ts";
import { ensureAdmin } from "../modules/admin-auth/create-admin.ts";
import { authHeaders, createAd, signedInUser } from "./factories.ts";
import { multipart } from "./multipart.ts";
import { createTestApp } from "./test-app.ts";

/**
 * Issue 10: every operation of the OpenAPI document answers no 5xx, whatever it is sent, as a visitor, a user
 * and an admin. Two passes per operation:
 * - a sweep: requests valid by the schema, then with one value at a time made hostile (a NUL in a string, a
 *   string of characters that normalizing expands, an integer past PostgreSQL's `integer`), and malformed bodies;
 * - a fuzz: fast-check requests from the schema mixing valid values, edge cases and wrong types, as JSON,
 *   urlencoded or multipart bodies with nested names, shrunk to a small failing case.
 * FUZZ_SEED and FUZZ_RUNS reproduce a run or search longer.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_250_610);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const INTEGER_MAX = 2_147_483_647;

// Taken before anything parses a request: a polluted prototype shows as a new or changed own property.
const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
const PROTOTYPES = [Object.prototype, Array.prototype];
const pristine = PROTOTYPES.map((prototype) => new Map(Object.entries(Object.getOwnPropertyDescriptors(prototype))));

/** What a request added to or changed on the shared prototypes, put back at once so later requests mean something. */
function pollution(): string[] {
  return PROTOTYPES.flatMap((prototype, index) => {
    const before = pristine[index]!;
    const changed = Object.getOwnPropertyNames(prototype).filter((key) => {
      const was = before.get(key);
      const now = Object.getOwnPropertyDescriptor(prototype, key)!;
      return !was || was.value !== now.value || was.get !== now.get || was.set !== now.set;
    });
    for (const key of changed) {
      const was = before.get(key);
      if (was) Object.defineProperty(prototype, key, was);
      else delete (prototype as Record<string, unknown>)[key];
    }
    return changed.map((key) => `${prototype === Object.prototype ? "Object" : "Array"}.prototype.${key}`);
  });
}

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: JsonSchema;
}
interface DocumentOperation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface Operation {
  name: string;
  method: string;
  path: string;
  pathParameters: Parameter[];
  queryParameters: Parameter[];
  body?: JsonSchema;
  /** A POST standing for PATCH (`_method=patch`): the same path also has a PATCH. */
  override: boolean;
}

type Auth = "visitor" | "user" | "admin";
const AUTHS: Auth[] = ["visitor", "user", "admin"];
type Field = [name: string, value: string];
interface FilePart {
  name: string;
  filename: string;
  content: Buffer;
}
type Body =
  | { kind: "json"; value: unknown }
  | { kind: "form"; fields: Field[] }
  | { kind: "multipart"; fields: Field[]; files: FilePart[] }
  | { kind: "raw"; contentType: string | undefined; payload: string };
interface Case {
  url: string;
  body: Body | undefined;
  ip: string;
}
interface Failure {
  operation: string;
  auth: Auth;
  request: string;
  status: number;
  response: string;
  cause: string;
  where: string;
}

// ---- Edge values --------------------------------------------------------------------------------------------

const NUL = "\u0000";
const EDGE_STRINGS = [
  "",
  " ",
  NUL,
  `a${NUL}b`,
  "x".repeat(10_000),
  "é😀\u202e\u200b",
  "⑴½ﬁ",
  "\uffff",
  "' or 1=1 --",
  "a:* & !b | (c",
  "%00",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "1e20",
  "-1",
  "null",
];
const EDGE_NUMBERS = [
  0,
  -1,
  -0.5,
  1.5,
  INTEGER_MAX,
  INTEGER_MAX + 1,
  -INTEGER_MAX - 2,
  32_768,
  1e20,
  2 ** 53 + 2,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];
const WRONG_TYPES: unknown[] = [null, true, false, [], {}, [1], { a: 1 }, "", "1", 1];
/** Keys that reach prototypes when code copies objects carelessly, and one the body plugin reads. */
const HOSTILE_KEYS = ["__proto__", "constructor", "prototype", "hasOwnProperty", "toString", "_method", ""];
const HOSTILE_VALUES: unknown[] = [{ polluted: "yes" }, { prototype: { polluted: "yes" } }, "polluted", null];
const EDGE_SEGMENTS = [
  "0",
  "-1",
  String(INTEGER_MAX + 1),
  "1e20",
  "9007199254740993",
  "1.5",
  "0x1f",
  "%201",
  "%00",
  "1%00",
  "%",
  "%zz",
  "%E0%A4%A",
  "..",
  "%2F",
  "x".repeat(3_000),
  "9".repeat(400),
  encodeURIComponent("é😀"),
];
/** Names the body plugin nests (`a[b][c]`, `a.b`), including ones that must be refused, not obeyed. */
const EDGE_FIELD_NAMES = [
  "a[b][c]",
  "a.b.c",
  "a[]",
  "a[][]",
  "a[0][b]",
  "a[99999999]",
  "a[-1]",
  "a[1e3]",
  "[x]",
  "a[",
  "a]]",
  ".a",
  "a..b",
  "__proto__[polluted]",
  "__proto__.polluted",
  "constructor[prototype][polluted]",
  "a[__proto__][polluted]",
  "a[constructor][prototype][polluted]",
  `${NUL}[x]`,
  "images[0][file]",
  "images[upload][7]",
  "attributes[1][]",
];
const EDGE_RAW_QUERIES = ["&%zz", "&a=%E0%A4%A", "&&&=", "&page=1&page=2", "&search[]=x", "&__proto__[x]=1"];
/** Bodies no schema describes: malformed JSON and multipart, other media types, nesting and size limits. */
const RAW_BODIES: Array<{ contentType: string | undefined; payload: string }> = [
  { contentType: undefined, payload: "" },
  { contentType: "application/json", payload: "" },
  { contentType: "application/json", payload: "{" },
  { contentType: "application/json", payload: "null" },
  { contentType: "application/json", payload: "[]" },
  { contentType: "application/json", payload: '"x"' },
  { contentType: "application/json", payload: "1e999" },
  { contentType: "application/json", payload: "[".repeat(5_000) + "]".repeat(5_000) },
  { contentType: "application/json", payload: '{"__proto__":{"polluted":"yes"}}' },
  { contentType: "application/json", payload: '{"constructor":{"prototype":{"polluted":"yes"}}}' },
  { contentType: "application/json; charset=utf-16", payload: "{}" },
  { contentType: "application/json", payload: "\ufeff{}" },
  { contentType: "application/json", payload: `{"a":"${"x".repeat(1_100_000)}"}` },
  { contentType: "text/plain", payload: "hello" },
  { contentType: "application/x-www-form-urlencoded", payload: "%zz=%E0%A4%A&a" },
  { contentType: "application/x-www-form-urlencoded", payload: `${"a[b]".repeat(2_000)}=1` },
  {
    contentType: "application/x-www-form-urlencoded",
    payload: "__proto__[polluted]=yes&a[constructor][prototype][x]=1",
  },
  { contentType: "multipart/form-data", payload: "x" },
  { contentType: "multipart/form-data; boundary=", payload: "x" },
  { contentType: "multipart/form-data; boundary=abc", payload: "" },
  { contentType: "multipart/form-data; boundary=abc", payload: "garbage" },
  {
    contentType: "multipart/form-data; boundary=abc",
    payload: '--abc\r\nContent-Disposition: form-data; name="a"\r\n\r\nv',
  },
  { contentType: "multipart/form-data; boundary=abc", payload: "--abc\r\n\r\nv\r\n--abc--\r\n" },
  {
    contentType: "multipart/form-data; boundary=abc",
    payload: '--abc\r\nContent-Disposition: form-data; name="images[0]"; filename="a.jpg"\r\n\r\n\xff\xd8\xff',
  },
  {
    contentType: "multipart/form-data; boundary=abc",
    payload: '--abc\r\nContent-Disposition: form-data; name="__proto__[polluted]"\r\n\r\nyes\r\n--abc--\r\n',
  },
  { contentType: `multipart/form-data; boundary=${"b".repeat(200)}`, payload: "x" },
  { contentType: "multipart/mixed; boundary=abc", payload: "--abc--\r\n" },
];

// ---- JSON schema to values ----------------------------------------------------------------------------------

const typesOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);
const lower = (schema: JsonSchema) =>
  Math.max(schema.minimum ?? -Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER) +
  (schema.exclusiveMinimum === true ? 1 : 0);
const upper = (schema: JsonSchema) =>
  Math.min(schema.maximum ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER) -
  (schema.exclusiveMaximum === true ? 1 : 0);
const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);
const mergeAll = (parts: JsonSchema[]) =>
  parts.reduce<JsonSchema>(
    (all, part) => ({
      ...all,
      ...part,
      properties: { ...all.properties, ...part.properties },
      required: [...(all.required ?? []), ...(part.required ?? [])],
    }),
    {},
  );
/** The schema of one property, looking into the choices of a union. */
const propertySchema = (schema: JsonSchema, key: string): JsonSchema =>
  schema.properties?.[key] ??
  [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]
    .map((choice) => propertySchema(choice, key))
    .find((found) => Object.keys(found).length > 0) ??
  (typeof schema.additionalProperties === "object" ? schema.additionalProperties : {});

/** A part the schema leaves untyped: the routes read those as uploaded files. */
const FILE = Symbol("file");
let unique = 0;

/**
 * One value the schema accepts, the same every time but for emails, which stay unique so sign-ups get through:
 * with every property (`all`), or with the required ones only.
 */
function canonical(schema: JsonSchema, name: string, all: boolean, depth = 0): unknown {
  if (schema.enum) return schema.enum[0];
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return canonical(choices[0]!, name, all, depth);
  if (schema.allOf) return canonical(mergeAll(schema.allOf), name, all, depth);
  switch (typesOf(schema)[0]) {
    case "string":
      return canonicalString(schema, name);
    case "integer":
    case "number":
      return clamp(1, lower(schema), upper(schema));
    case "boolean":
      return true;
    case "array":
      return Array.from({ length: clamp(2, schema.minItems ?? 0, schema.maxItems ?? 2) }, () =>
        canonical(schema.items ?? {}, name, all, depth + 1),
      );
    case "object": {
      if (depth > 4) return {};
      const required = new Set(schema.required ?? []);
      const object = Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([key]) => all || required.has(key))
          .map(([key, property]) => [key, canonical(property, key, all, depth + 1)]),
      );
      // A confirmation repeats its field: no schema says so, but every sign-up checks it.
      for (const key of Object.keys(object)) {
        const confirmed = key.replace(/_confirmation$/, "");
        if (confirmed !== key && confirmed in object) object[key] = object[confirmed];
      }
      return object;
    }
    default:
      return FILE;
  }
}

function canonicalString(schema: JsonSchema, name: string) {
  if (/email/i.test(name)) return `fuzz-${++unique}-${SEED}@example.com`;
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 100;
  if (schema.pattern) {
    const matching = fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { seed: SEED, numRuns: 200 });
    return matching.find((text) => text.length >= min && text.length <= max) ?? "1234";
  }
  return "Fuzz value 1".padEnd(min, "x").slice(0, max);
}

type Path = Array<string | number>;
/** Every leaf of a canonical value with the schema describing it (the first item of a list stands for all). */
function* leaves(value: unknown, schema: JsonSchema, path: Path = []): Generator<[Path, unknown, JsonSchema]> {
  if (Array.isArray(value)) {
    if (value.length > 0) yield* leaves(value[0], schema.items ?? {}, [...path, 0]);
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) yield* leaves(item, propertySchema(schema, key), [...path, key]);
  } else {
    yield [path, value, schema];
  }
}

/**
 * The values a leaf is swapped for, one at a time: what a database refuses that a schema may let through. A string
 * gets a NUL, and its full length in characters that normalizing expands (`⑴` → `(1)`, `ﬁ` → `fi`).
 */
function hostile(value: unknown, schema: JsonSchema): unknown[] {
  if (typeof value === "string") {
    const swaps: unknown[] = [value.length > 0 ? `${value.slice(0, -1)}${NUL}` : NUL];
    if (!schema.pattern) {
      const length = Math.min(schema.maxLength ?? 1_000, 20_000);
      swaps.push(`⑴ﬁ½é ${"x".repeat(length)}`.slice(0, Math.max(length, schema.minLength ?? 0)));
    }
    return swaps;
  }
  if (typeof value === "number") return upper(schema) > INTEGER_MAX ? [INTEGER_MAX + 1] : [];
  return [];
}

/** The value with one leaf replaced, and the containers on the way made when it has none there. */
function withLeaf(value: unknown, path: Path, leaf: unknown, schema: JsonSchema): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  const inner = typeof head === "number" ? (schema.items ?? {}) : propertySchema(schema, head!);
  if (Array.isArray(value)) {
    return value.map((item, index) => (index === head ? withLeaf(item, rest, leaf, inner) : item));
  }
  const object = (value ?? {}) as Record<string, unknown>;
  const current = object[head!] ?? canonical(inner, String(head), false);
  return { ...object, [head!]: withLeaf(current, rest, leaf, inner) };
}

/** A value of the schema most of the time, an edge case or a wrong type otherwise, at every level. */
function arbitraryFor(schema: JsonSchema, name: string, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 5, arbitrary: validFor(schema, name, depth) }, { weight: 1, arbitrary: edgeFor(schema) });
}

function edgeFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  const pool = [...WRONG_TYPES];
  if (types.includes("string")) {
    pool.push(...EDGE_STRINGS);
    if (schema.maxLength !== undefined) pool.push("x".repeat(schema.maxLength + 1), "é".repeat(schema.maxLength));
    if (schema.minLength) pool.push("x".repeat(schema.minLength - 1));
  }
  if (types.includes("integer") || types.includes("number")) {
    pool.push(...EDGE_NUMBERS, ...EDGE_NUMBERS.map(String));
    if (schema.minimum !== undefined) pool.push(schema.minimum - 1, schema.minimum);
    if (schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER) pool.push(schema.maximum + 1);
  }
  return fc.constantFrom(...pool);
}

function stringFor(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  if (/email/i.test(name)) return fc.emailAddress();
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern), { maxLength: schema.maxLength ?? 40 });
  const bounds = { minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 300) };
  return fc.oneof(
    { weight: 6, arbitrary: fc.string({ ...bounds, unit: "grapheme-ascii" }) },
    { weight: 2, arbitrary: fc.string({ ...bounds, unit: "grapheme" }) },
    // Any code point, control characters included.
    { weight: 2, arbitrary: fc.string({ ...bounds, unit: "binary" }) },
  );
}

function validFor(schema: JsonSchema, name: string, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => arbitraryFor(choice, name, depth + 1)));
  if (schema.allOf) return validFor(mergeAll(schema.allOf), name, depth);
  const nullable = schema.nullable ? [fc.constant(null)] : [];
  switch (typesOf(schema)[0]) {
    case "string":
      return fc.oneof(stringFor(schema, name), ...nullable);
    case "integer": {
      const min = lower(schema);
      const max = upper(schema);
      // Small ids hit rows that exist; the whole range finds overflows.
      return fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min, max: Math.min(max, min + 40) }) },
        { weight: 1, arbitrary: fc.integer({ min, max }) },
        ...nullable,
      );
    }
    case "number": {
      const min = Math.max(lower(schema), -1e12);
      const max = Math.min(upper(schema), 1e12);
      return fc.oneof(
        fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
        fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
        ...nullable,
      );
    }
    case "boolean":
      return fc.oneof(fc.boolean(), ...nullable);
    case "array":
      if (depth > 4) return fc.constant([]);
      return fc.array(arbitraryFor(schema.items ?? {}, name, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 4)),
      });
    case "object":
      return depth > 4 ? fc.constant({}) : objectFor(schema, depth);
    default:
      // Untyped: a file part, or anything.
      return fc.oneof(fc.constant(FILE), fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(...WRONG_TYPES));
  }
}

function objectFor(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set(schema.required ?? []);
  const known = Object.entries(schema.properties ?? {}).map(([key, property]) =>
    // Required fields are there most of the time; a missing one is an edge case too.
    fc.option(
      arbitraryFor(property, key, depth + 1).map((value) => [key, value] as const),
      { freq: required.has(key) ? 12 : 2, nil: undefined },
    ),
  );
  const open =
    typeof schema.additionalProperties === "object"
      ? fc.array(
          fc.tuple(
            fc.oneof(
              fc.integer({ min: 1, max: 30 }).map(String),
              fc.string({ maxLength: 6 }),
              fc.constantFrom(...HOSTILE_KEYS),
            ),
            arbitraryFor(schema.additionalProperties, "value", depth + 1),
          ),
          { maxLength: 3 },
        )
      : fc.constant([]);
  const extra = fc.oneof(
    { weight: 4, arbitrary: fc.constant([]) },
    {
      weight: 1,
      arbitrary: fc.array(fc.tuple(fc.constantFrom(...HOSTILE_KEYS, "extra"), fc.constantFrom(...HOSTILE_VALUES)), {
        minLength: 1,
        maxLength: 2,
      }),
    },
  );
  // Object.fromEntries defines own properties, so `__proto__` is a key like any other, as JSON.parse makes it.
  return fc
    .tuple(fc.tuple(...known), open, extra)
    .map(([fields, more, hostileFields]) =>
      Object.fromEntries([...fields.filter((field) => field !== undefined), ...more, ...hostileFields]),
    );
}

// ---- Encodings ----------------------------------------------------------------------------------------------

const text = (value: unknown) =>
  value === undefined || value === null || value === FILE
    ? ""
    : typeof value === "object"
      ? JSON.stringify(value)
      : String(value);

/** Flat form names of a value, as clients send nested fields: `a[b][0]` or `a.b.0`; files apart. */
function flatten(value: unknown, dots: boolean, prefix = ""): Array<[string, unknown]> {
  if (value !== null && typeof value === "object") {
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : Object.entries(value);
    if (entries.length === 0) return prefix ? [[prefix, ""]] : [];
    return entries.flatMap(([key, item]) =>
      flatten(item, dots, prefix === "" ? key : dots ? `${prefix}.${key}` : `${prefix}[${key}]`),
    );
  }
  return [[prefix || "value", value]];
}
const fieldsOf = (value: unknown, dots = false): Field[] =>
  flatten(value, dots)
    .filter(([, item]) => item !== FILE)
    .map(([name, item]) => [name, text(item)]);
const filesOf = (value: unknown, dots = false): FilePart[] =>
  flatten(value, dots)
    .filter(([, item]) => item === FILE)
    .map(([name]) => ({ name, filename: "photo.jpg", content: photo }));
const hasFile = (value: unknown): boolean =>
  value === FILE || (value !== null && typeof value === "object" && Object.values(value).some(hasFile));

/** Names of the schema's untyped leaves, which routes read as files (`images[0]`, `images.profile_image.new`). */
function fileNames(schema: JsonSchema | undefined, prefix = "", depth = 0): string[] {
  if (!schema || depth > 4) return [];
  if (schema.type === "array") return [`${prefix}[]`, `${prefix}[0]`, `${prefix}[1]`];
  if (schema.properties) {
    return Object.entries(schema.properties).flatMap(([key, property]) =>
      fileNames(property, prefix ? `${prefix}[${key}]` : key, depth + 1),
    );
  }
  const choices = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (choices) return choices.flatMap((choice) => fileNames(choice, prefix, depth + 1));
  if (schema.type ?? schema.enum) return [];
  return prefix ? [prefix, prefix.replace(/\[(\w+)\]/g, ".$1")] : [];
}

async function encode(body: Body | undefined): Promise<{ headers: Record<string, string>; payload?: string | Buffer }> {
  if (!body) return { headers: {} };
  switch (body.kind) {
    case "json":
      return { headers: { "content-type": "application/json" }, payload: JSON.stringify(body.value) ?? "" };
    case "form":
      return {
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams(body.fields).toString(),
      };
    case "multipart": {
      const form = new FormData();
      for (const [name, value] of body.fields) form.append(name, value);
      for (const file of body.files) form.append(file.name, new Blob([new Uint8Array(file.content)]), file.filename);
      return multipart(form);
    }
    case "raw":
      return { headers: body.contentType ? { "content-type": body.contentType } : {}, payload: body.payload };
  }
}

function describeCase(operation: Operation, item: Case) {
  const { body } = item;
  const shown = !body
    ? ""
    : body.kind === "json"
      ? ` json ${JSON.stringify(body.value)}`
      : body.kind === "raw"
        ? ` raw ${body.contentType} ${JSON.stringify(body.payload)}`
        : ` ${body.kind} ${JSON.stringify(body.fields)}` +
          (body.kind === "multipart"
            ? ` files ${JSON.stringify(body.files.map((file) => `${file.name}=${file.filename} (${file.content.length} B)`))}`
            : "");
  const line = `${operation.method} ${item.url}${shown}`;
  return line.length > 600 ? `${line.slice(0, 600)}… (${line.length} characters)` : line;
}

// ---- The app, its identities and the document ---------------------------------------------------------------

// Phone sign-in sends through the fake SMS gateway, as `npm start` does: without a provider it would answer 503.
const smsGateway = await startFakeSmsGateway({ outboxDir: await mkdtemp(path.join(tmpdir(), "fuzz-sms-")) });
const ctx = await createTestApp({
  SMS_API_URL: smsGateway.clientConfig.apiUrl,
  SMS_TWILIO_ACCOUNT_SID: smsGateway.clientConfig.accountSid,
  SMS_TWILIO_AUTH_TOKEN: smsGateway.clientConfig.authToken,
  SMS_FROM: smsGateway.clientConfig.from,
});
afterAll(async () => {
  await ctx.close();
  await smsGateway.close();
});
// With logging off, every request logs through one silent logger: the errors plugin's 500s land here.
const errorLog = vi.spyOn(ctx.app.log, "error");

const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#3a6" } })
  .jpeg()
  .toBuffer();
const FILE_CONTENTS = [
  photo,
  photo.subarray(0, photo.length / 2),
  Buffer.alloc(0),
  Buffer.from("not an image"),
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9000" height="9000"/>'),
  // A PNG header claiming 100000 × 100000 pixels.
  Buffer.from("89504e470d0a1a0a0000000d49484452000186a0000186a00806000000", "hex"),
];

async function newUser() {
  const { user, headers } = await signedInUser(ctx.app, ctx.db);
  for (let index = 0; index < 2; index += 1) await createAd(ctx.db, { user_id: user.id, images: 2 });
  return { id: user.id, headers };
}
let user = await newUser();
await newUser();
await ensureAdmin(ctx.db, { email: "fuzz@waterside.test", password: "admin-password", name: "Fuzz" });
const [admin] = await ctx.sql<Array<{ id: number }>>`select id from admins`;
let adminHeaders = await authHeaders(ctx.app, { kind: "admin", adminId: admin!.id });
const headersFor = (auth: Auth): Record<string, string> =>
  auth === "user" ? user.headers : auth === "admin" ? adminHeaders : {};

/** Logout, account deletion and password changes end the session in use: sign in again, as a new user if need be. */
async function keepSignedIn(auth: Auth) {
  if (auth === "user" && (await ctx.app.inject({ url: "/api/user", headers: user.headers })).statusCode === 401) {
    const [row] = await ctx.sql<Array<{ deleted_at: Date | null }>>`select deleted_at from users where id = ${user.id}`;
    user = row?.deleted_at
      ? await newUser()
      : { id: user.id, headers: await authHeaders(ctx.app, { kind: "user", userId: user.id }) };
  }
  if (
    auth === "admin" &&
    (await ctx.app.inject({ url: "/api/admin/auth/me", headers: adminHeaders })).statusCode === 401
  ) {
    adminHeaders = await authHeaders(ctx.app, { kind: "admin", adminId: admin!.id });
  }
}

const paths: Record<string, Record<string, DocumentOperation>> = (
  await ctx.app.inject({ url: "/api/docs/json" })
).json().paths;
const operations: Operation[] = Object.entries(paths)
  .flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      pathParameters: (operation.parameters ?? []).filter((parameter) => parameter.in === "path"),
      queryParameters: (operation.parameters ?? []).filter((parameter) => parameter.in === "query"),
      body: Object.values(operation.requestBody?.content ?? {})[0]?.schema,
      override: method === "post" && "patch" in byMethod,
    })),
  )
  // What deletes runs last, so the other operations find the seeded rows.
  .sort((a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"));

// ---- Requests -----------------------------------------------------------------------------------------------

let addresses = 0;
/** Per-address rate limits would soon answer 429 to everything: each case comes from its own address. */
const nextAddress = () => {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

function urlOf(operation: Operation, segments: Record<string, string>, query: Array<[string, unknown]>, raw = "") {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => segments[name] ?? "");
  const search = new URLSearchParams(
    query.flatMap(([name, value]) => flatten(value, false, name).map(([key, item]): Field => [key, text(item)])),
  ).toString();
  return search || raw ? `${path}?${search}${raw}` : path;
}

type Part = "params" | "query" | "body";
const PARTS: Part[] = ["params", "query", "body"];
type Parts = Record<Part, unknown>;

/** An operation's parts as schemas, its valid requests (the smallest, or with every property) and how one is sent. */
function requestsOf(operation: Operation) {
  const schemas: Record<Part, JsonSchema> = {
    params: {
      type: "object",
      properties: Object.fromEntries(operation.pathParameters.map((p) => [p.name, p.schema])),
      required: operation.pathParameters.map((p) => p.name),
    },
    query: {
      type: "object",
      properties: Object.fromEntries(operation.queryParameters.map((p) => [p.name, p.schema])),
      required: operation.queryParameters.filter((p) => p.required).map((p) => p.name),
    },
    body: operation.body ?? {},
  };
  const valid = (all: boolean): Parts => {
    const body = operation.body ? canonical(operation.body, "body", all) : undefined;
    return {
      params: canonical(schemas.params, "params", true),
      query: canonical(schemas.query, "query", all),
      body: operation.override && body && typeof body === "object" ? { ...body, _method: "patch" } : body,
    };
  };
  /** JSON, unless the body holds a file; `multipart` sends it as a form whatever it holds. */
  const toCase = ({ params, query, body }: Parts, kind?: "multipart"): Case => ({
    url: urlOf(
      operation,
      Object.fromEntries(
        Object.entries(params as Record<string, unknown>).map(([name, value]) => [
          name,
          encodeURIComponent(text(value)),
        ]),
      ),
      Object.entries(query as Record<string, unknown>),
    ),
    body:
      body === undefined
        ? undefined
        : kind === "multipart" || hasFile(body)
          ? { kind: "multipart", fields: fieldsOf(body), files: filesOf(body) }
          : { kind: "json", value: body },
    ip: nextAddress(),
  });
  return { schemas, valid, toCase };
}

/**
 * The sweep: the smallest valid request and the fullest one, then the smallest with one value at a time (any
 * property of the fullest) made hostile, so nothing else in it can be the reason for a refusal; malformed bodies.
 */
function sweepOf(operation: Operation): Case[] {
  const { schemas, valid, toCase } = requestsOf(operation);
  const cases = [toCase(valid(false)), toCase(valid(true))];
  for (const part of PARTS) {
    for (const [path, value, schema] of leaves(valid(true)[part], schemas[part])) {
      for (const swap of hostile(value, schema)) {
        const request = valid(false);
        cases.push(toCase({ ...request, [part]: withLeaf(request[part], path, swap, schemas[part]) }));
      }
    }
  }
  if (operation.body) {
    const { url } = cases[0]!;
    for (const raw of RAW_BODIES) cases.push({ url, body: { kind: "raw", ...raw }, ip: nextAddress() });
  }
  return cases;
}

/**
 * Issue 24: values of other types that an id was once read from (`true` was id 1, `[5]` was 5), and text that is
 * not only digits. Every field naming a row must refuse each with a 422 that names the field.
 */
const CONFUSIONS: unknown[] = [true, [5], "5abc", 5.5, {}, null];
/**
 * Filters and optional ids that the spec's payload cleaning (§5: empty values are ignored) reads `null` as no value:
 * there, `null` must be answered as the request without the field. Anywhere else it is refused like the rest.
 */
const NULL_MEANS_ABSENT = [
  ...["POST /api/ads/get", "POST /api/admin/ads", "POST /api/admin/ads/export.csv"].flatMap((operation) =>
    ["category_id", "subcategory_id", "user_id"].map((field) => `${operation} ${field}`),
  ),
  // A saved search keeps POST /ads/get's filters, cleaned the same way (issue 29).
  ...["POST /api/saved-searches", "PATCH /api/saved-searches/{id}"].flatMap((operation) =>
    ["category_id", "subcategory_id"].map((field) => `${operation} filters.${field}`),
  ),
  "PATCH /api/admin/users/{user_id}/status user_id",
  "POST /api/admin/users/{user_id}/status user_id",
  "POST /api/chats productId",
  "POST /api/payments/momo ad_id",
  "POST /api/payments/orange-money ad_id",
];
/** `id`, `ids`, `…_id`, `…_ids`, `…Id`: the fields that name rows (the documented ones are integers). */
const ID_NAME = /^ids?$|_ids?$|Ids?$/;
const isInteger = (schema: JsonSchema): boolean =>
  typesOf(schema).includes("integer") ||
  [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(isInteger) ||
  (typesOf(schema).includes("array") && isInteger(schema.items ?? {}));
/** How a path segment or a query value carries a confusion: as its JSON text (`true`, `[5]`, `null`). */
const asText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

interface IdCase {
  /** The field as the 422 names it: `id`, `ids.0`, `images.update.0.id`. */
  field: string;
  sent: string;
  item: Case;
  /** For a `null` the payload cleaning ignores: the same request without the field. */
  absent?: Case;
}

/**
 * Every id field of an operation (path, query, JSON body and the same body as a multipart form) given each
 * confusion, in the smallest valid request, so the id is the only thing wrong with it. A form carries text: `[5]`
 * is sent as `name[0]=5`, `{}` as `name[a]=5` (the body plugin nests both), and `null` has no form of its own.
 */
function idCasesOf(operation: Operation): IdCase[] {
  const { schemas, valid, toCase } = requestsOf(operation);
  const cases: IdCase[] = [];
  for (const { name, schema } of operation.pathParameters) {
    if (!ID_NAME.test(name) || !isInteger(schema)) continue;
    for (const value of CONFUSIONS) {
      const request = valid(false);
      const params = { ...(request.params as object), [name]: asText(value) };
      cases.push({ field: name, sent: `path ${asText(value)}`, item: toCase({ ...request, params }) });
    }
  }
  for (const { name, schema } of operation.queryParameters) {
    if (!ID_NAME.test(name) || !isInteger(schema)) continue;
    const list = typesOf(schema).includes("array");
    for (const value of CONFUSIONS) {
      // A query has no nesting: a list is the name repeated, which a list of ids (`ad_ids`) takes as it is.
      if (Array.isArray(value) && list) continue;
      const request = valid(false);
      const query = { ...(request.query as object) } as Record<string, unknown>;
      delete query[name];
      const item = toCase({ ...request, query });
      const pairs: Field[] = Array.isArray(value)
        ? [...value, ...value].map((one) => [name, asText(one)])
        : [[name, asText(value)]];
      item.url += `${item.url.includes("?") ? "&" : "?"}${new URLSearchParams(pairs).toString()}`;
      cases.push({
        field: name,
        sent: `query ${asText(value)}${Array.isArray(value) ? " (name repeated)" : ""}`,
        item,
      });
    }
  }
  if (operation.body) {
    for (const [path, , schema] of leaves(valid(true).body, schemas.body)) {
      const name = path.findLast((key) => typeof key === "string");
      if (name === undefined || !ID_NAME.test(name) || !isInteger(schema)) continue;
      const field = path.join(".");
      for (const value of CONFUSIONS) {
        const request = valid(false);
        const json = withLeaf(request.body, path, value, schemas.body);
        cases.push({ field, sent: `json ${asText(value)}`, item: toCase({ ...request, body: json }) });
        if (value === null) {
          if (NULL_MEANS_ABSENT.includes(`${operation.name} ${field}`)) {
            // JSON leaves an undefined property out.
            const without = withLeaf(request.body, path, undefined, schemas.body);
            cases.at(-1)!.absent = toCase({ ...request, body: without });
          }
          continue;
        }
        const text = typeof value === "object" && !Array.isArray(value) ? { a: 5 } : value;
        const form = withLeaf(request.body, path, text, schemas.body);
        cases.push({ field, sent: `multipart ${asText(text)}`, item: toCase({ ...request, body: form }, "multipart") });
      }
    }
  }
  return cases;
}

/** The fuzz: random requests from the schemas, edge cases and hostile names mixed in. */
function arbitraryCase(operation: Operation): fc.Arbitrary<Case> {
  const segments = fc.tuple(
    ...operation.pathParameters.map((parameter) =>
      fc
        .oneof(
          {
            weight: 4,
            arbitrary: arbitraryFor(parameter.schema, parameter.name).map((value) => encodeURIComponent(text(value))),
          },
          { weight: 1, arbitrary: fc.constantFrom(...EDGE_SEGMENTS) },
        )
        .map((segment) => [parameter.name, segment] as const),
    ),
  );
  const query = fc.tuple(
    ...operation.queryParameters.map((parameter) =>
      fc.option(
        arbitraryFor(parameter.schema, parameter.name).map((value) => [parameter.name, value] as [string, unknown]),
        { freq: parameter.required ? 12 : 2, nil: undefined },
      ),
    ),
  );
  const rawQuery = fc.oneof(
    { weight: 5, arbitrary: fc.constant("") },
    { weight: 1, arbitrary: fc.constantFrom(...EDGE_RAW_QUERIES) },
  );
  const url = fc.tuple(segments, query, rawQuery).map(([values, fields, raw]) =>
    urlOf(
      operation,
      Object.fromEntries(values),
      fields.filter((field) => field !== undefined),
      raw,
    ),
  );
  return fc.record({ url, body: operation.body ? arbitraryBody(operation) : fc.constant(undefined), ip: fc.ipV4() });
}

function arbitraryBody(operation: Operation): fc.Arbitrary<Body> {
  const override = operation.override
    ? fc.option(fc.constantFrom("patch", "PATCH", "put", "", NUL), { freq: 5, nil: undefined })
    : fc.constant(undefined);
  const value = fc
    .tuple(arbitraryFor(operation.body!, "body"), override)
    .map(([body, method]) =>
      method !== undefined && body !== null && typeof body === "object" && !Array.isArray(body)
        ? { ...body, _method: method }
        : body,
    );
  const edgeFields = fc.oneof(
    { weight: 3, arbitrary: fc.constant<Field[]>([]) },
    {
      weight: 1,
      arbitrary: fc.array(fc.tuple(fc.constantFrom(...EDGE_FIELD_NAMES), fc.constantFrom("1", "", NUL, "x")), {
        minLength: 1,
        maxLength: 3,
      }),
    },
  );
  const names = [...new Set([...fileNames(operation.body), "images", "images[]", "file", "__proto__[file]"])];
  const extraFiles = fc.array(
    fc.record({
      name: fc.constantFrom(...names),
      filename: fc.constantFrom("photo.jpg", "", `a${NUL}.jpg`, "../../x.png", "é😀.webp"),
      content: fc.constantFrom(...FILE_CONTENTS),
    }),
    { maxLength: 3 },
  );
  const form = fc.tuple(value, fc.boolean(), edgeFields);
  return fc.oneof(
    {
      weight: 5,
      arbitrary: value.map((json): Body => ({
        kind: "json",
        value: json === FILE ? "file" : JSON.parse(JSON.stringify(json ?? null)),
      })),
    },
    {
      weight: 2,
      arbitrary: form.map(([body, dots, extra]): Body => ({
        kind: "form",
        fields: [...fieldsOf(body, dots), ...extra],
      })),
    },
    {
      weight: 3,
      arbitrary: fc.tuple(form, extraFiles).map(([[body, dots, extra], files]): Body => ({
        kind: "multipart",
        fields: [...fieldsOf(body, dots), ...extra],
        files: [...filesOf(body, dots), ...files],
      })),
    },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES).map((raw): Body => ({ kind: "raw", ...raw })) },
  );
}

// ---- Sending ------------------------------------------------------------------------------------------------

/** The error the errors plugin logged for a 500 (a failed query's own cause), and the first frame of our code. */
function loggedError() {
  const error = (errorLog.mock.calls.at(-1)?.[0] as { err?: Error } | undefined)?.err;
  if (!error) return { cause: "(nothing logged)", where: "" };
  const inner = error.cause instanceof Error ? error.cause : error;
  const frame = [error.stack, inner.stack]
    .join("\n")
    .split("\n")
    .find((line) => /(apps\/api\/src|packages\/shared\/src)\//.test(line) && !line.includes("/test/"));
  return {
    cause: inner.message.split("\n")[0]!.slice(0, 200),
    where: frame?.match(/((?:apps\/api|packages\/shared)\/src\/[^:)]+:\d+)/)?.[1] ?? "",
  };
}

const totals = { operations: 0, swept: 0, cases: 0, requests: 0, started: Date.now() };
/** Distinct causes over the whole run: where the error came from and what it said, numbers left out. */
const causes = new Map<string, Failure & { operations: Set<string>; count: number }>();
const pollutions: Failure[] = [];

function record(operation: Operation, failure: Failure) {
  const key = `${failure.where} ${failure.cause.replace(/"[^"]*"|\d+/g, "…")}`;
  const known = causes.get(key) ?? { ...failure, operations: new Set<string>(), count: 0 };
  known.operations.add(operation.name);
  known.count += 1;
  causes.set(key, known);
}

async function send(operation: Operation, item: Case, auths: Auth[]): Promise<Failure[]> {
  totals.cases += 1;
  const failures: Failure[] = [];
  const { headers, payload } = await encode(item.body);
  for (const auth of auths) {
    errorLog.mockClear();
    const response = await ctx.app.inject({
      method: operation.method as "GET",
      url: item.url,
      headers: { ...headers, ...headersFor(auth) },
      payload,
      remoteAddress: item.ip,
    });
    totals.requests += 1;
    const polluted = pollution();
    const failure = (cause: { cause: string; where: string }): Failure => ({
      operation: operation.name,
      auth,
      request: describeCase(operation, item),
      status: response.statusCode,
      response: response.body.slice(0, 200),
      ...cause,
    });
    if (polluted.length > 0) {
      const found = failure({ cause: `prototype pollution: ${polluted.join(", ")} set`, where: "" });
      failures.push(found);
      pollutions.push(found);
      record(operation, found);
    }
    if (response.statusCode >= 500) {
      const found = failure(loggedError());
      failures.push(found);
      record(operation, found);
    } else if (auth !== "visitor" && operation.method !== "GET" && response.statusCode < 300) {
      await keepSignedIn(auth);
    }
  }
  return failures;
}

const show = (failures: Failure[]) =>
  failures
    .map((f) => `  as ${f.auth}: ${f.request}\n    → ${f.status}; cause: ${f.cause}${f.where ? ` (${f.where})` : ""}`)
    .join("\n");

describe("every operation of the OpenAPI document, swept and fuzzed: no 5xx, no prototype pollution", () => {
  it("finds operations in the document", () => {
    expect(operations.length).toBeGreaterThan(20);
    console.log(
      `OpenAPI fuzz: ${operations.length} operations, ${RUNS} random cases each after the sweep, seed ${SEED}`,
    );
  });

  it.each(operations.map((operation) => [operation.name, operation] as const))(
    "%s",
    async (_name, operation) => {
      totals.operations += 1;
      const problems: string[] = [];

      // One failing request per cause is enough to tell it.
      const swept = new Map<string, Failure>();
      const sweep = sweepOf(operation);
      totals.swept += sweep.length;
      for (const item of sweep) {
        for (const failure of await send(operation, item, AUTHS))
          swept.set(`${failure.where} ${failure.cause}`, failure);
      }
      if (swept.size > 0) problems.push(`sweep:\n${show([...swept.values()])}`);

      let smallest: Failure[] = [];
      let focus = AUTHS;
      const details = await fc.check(
        fc.asyncProperty(fc.limitShrink(arbitraryCase(operation), 60), async (item) => {
          const failures = await send(operation, item, focus);
          if (failures.length === 0) return true;
          // Every run after the first failure shrinks it: one identity is enough to tell, and the last is the smallest.
          focus = [failures[0]!.auth];
          smallest = failures;
          return false;
        }),
        { seed: SEED, numRuns: RUNS },
      );
      if (details.failed) {
        problems.push(`fuzz, after ${details.numRuns} cases and ${details.numShrinks} shrinks:\n${show(smallest)}`);
      }
      expect(problems, `5xx or prototype pollution (seed ${SEED})`).toEqual([]);
    },
    60_000,
  );

  it("leaves Object.prototype as it was", () => {
    expect(pollutions.map((found) => `${found.cause} by ${found.request}`)).toEqual([]);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
  });

  it("tells what it tried", () => {
    const seconds = ((Date.now() - totals.started) / 1000).toFixed(1);
    // Every operation was swept and fuzzed RUNS times, each case as the three identities: nothing was skipped.
    expect(totals.operations).toBe(operations.length);
    expect(totals.swept).toBeGreaterThanOrEqual(2 * operations.length);
    expect([...causes.keys()]).toEqual([]);
    // With no failure there is nothing to shrink, and no identity is left out.
    expect(totals.cases - totals.swept).toBe(operations.length * RUNS);
    expect(totals.requests).toBe(AUTHS.length * totals.cases);
    console.log(
      `OpenAPI fuzz: ${totals.operations} operations, ${totals.cases} cases (${totals.swept} swept, ` +
        `${totals.cases - totals.swept} fuzzed or shrunk), ${totals.requests} requests (as visitor, user and admin) ` +
        `in ${seconds} s, seed ${SEED}; ${causes.size} distinct causes of 5xx or pollution`,
    );
    for (const cause of causes.values()) {
      console.log(
        `- ${cause.cause}${cause.where ? ` (${cause.where})` : ""}: ${cause.count} responses from ` +
          `${[...cause.operations].join(", ")}\n  e.g. ${cause.request.slice(0, 300)}`,
      );
    }
  });
});

const idCases = new Map(operations.map((operation) => [operation, idCasesOf(operation)] as const));
const withIds = operations.filter((operation) => idCases.get(operation)!.length > 0);
const idTotals = { operations: 0, fields: 0, requests: 0, nullsAbsent: 0 };

describe("every id field of the OpenAPI document refuses other types with a 422 naming it (issue 24)", () => {
  it.each(withIds.map((operation) => [operation.name, operation] as const))(
    "%s",
    async (_name, operation) => {
      // Guards answer before validation: each operation is asked by whom it serves.
      const auth: Auth = operation.path.startsWith("/api/admin/") ? "admin" : "user";
      await keepSignedIn(auth);
      const cases = idCases.get(operation)!;
      idTotals.operations += 1;
      idTotals.fields += new Set(cases.map((item) => item.field)).size;
      const answer = async (item: Case) => {
        const { headers, payload } = await encode(item.body);
        const response = await ctx.app.inject({
          method: operation.method as "GET",
          url: item.url,
          headers: { ...headers, ...headersFor(auth) },
          payload,
          remoteAddress: item.ip,
        });
        idTotals.requests += 1;
        const errors = response.statusCode === 422 ? Object.keys(response.json().errors ?? {}) : [];
        return { status: response.statusCode, errors, shown: `${response.statusCode} ${response.body.slice(0, 160)}` };
      };
      const wrong: string[] = [];
      for (const { field, sent, item, absent } of cases) {
        const got = await answer(item);
        if (absent) {
          const without = await answer(absent);
          idTotals.nullsAbsent += 1;
          if (got.status !== without.status || got.errors.join() !== without.errors.join()) {
            wrong.push(`${field} = ${sent} → ${got.shown}; without ${field} → ${without.shown}`);
          }
        } else if (!got.errors.some((key) => key === field || key.startsWith(`${field}.`))) {
          wrong.push(`${field} = ${sent} → ${got.shown}`);
        }
      }
      expect(wrong, describeCase(operation, cases[0]!.item)).toEqual([]);
    },
    60_000,
  );

  it("tried every id field", () => {
    const all = [...idCases.values()].flat();
    expect(idTotals.operations).toBe(withIds.length);
    expect(idTotals.requests).toBe(all.length + all.filter((item) => item.absent).length);
    // Each field the payload cleaning lets read null as absent was found and checked: the list names no other.
    expect(idTotals.nullsAbsent).toBe(NULL_MEANS_ABSENT.length);
    const sent = new Set(
      [...idCases].flatMap(([operation, cases]) => cases.map((item) => `${operation.name} ${item.field} ${item.sent}`)),
    );
    // The finding's two requests, and one id of each place an id travels.
    const known = [
      "POST /api/analytics/ad/views ids.0 json true",
      "DELETE /api/admin/reviews id json true",
      "DELETE /api/admin/reviews id query true",
      "GET /api/ads/id/{id} id path true",
      "GET /api/analytics/ad/views ad_ids query 5abc",
      "POST /api/ads/create category_id multipart [5]",
      "PATCH /api/ads/{id} images.update.0.id multipart true",
      "PATCH /api/admin/users/{user_id}/status status_id json true",
    ];
    expect(known.filter((request) => !sent.has(request))).toEqual([]);
    console.log(
      `OpenAPI ids: ${idTotals.fields} id fields in ${withIds.length} operations, ${idTotals.requests} requests ` +
        `(${CONFUSIONS.map((value) => asText(value)).join(", ")} in paths, queries, JSON and multipart bodies; ` +
        `null read as no value in ${idTotals.nullsAbsent} optional fields)`,
    );
  });
});

import formbody from "@fastify/formbody";
import multipart from "@fastify/multipart";
import { AD_IMAGES_MAX } from "@waterside/shared/images";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { HttpError } from "./errors.ts";

/**
 * Upload limits (docs/decisions/001-api-conventions.md). No call sends more files than an ad's photos, which bounds
 * what one request can make the process buffer; signed-in routes refuse a visitor before reading any of it.
 */
export const UPLOAD_LIMITS = { fileSize: 10 * 1024 * 1024, files: AD_IMAGES_MAX, fields: 200 };

/**
 * Routes the spec updates with "POST carrying _method=patch" declare `method: PATCH_OR_OVERRIDE`:
 * a real PATCH, or a POST whose body field `_method` or `X-HTTP-Method-Override` header says patch.
 */
export const PATCH_OR_OVERRIDE = ["PATCH", "POST"];

/** Only routes declared with PATCH_OR_OVERRIDE: a catch-all (`all`) route also lists PATCH among its methods. */
const isPatchOrOverride = (methods: string | string[] | undefined) =>
  Array.isArray(methods) &&
  methods.length === PATCH_OR_OVERRIDE.length &&
  PATCH_OR_OVERRIDE.every((m) => methods.includes(m));

type Nested = Record<string, unknown> | unknown[];

/** Names that reach an object's prototype when used as keys: refused anywhere in a field path. */
const FORBIDDEN_KEYS = new Set(["__proto__", "prototype", "constructor"]);

/**
 * Turns flat form names into objects, as the spec's multipart client sends them:
 * `images[0]`, `attributes[1][id]`, `images.profile_image.new`, or a name repeated for a list.
 * Containers have no prototype and keys are checked, so a name like `__proto__[admin_id]` can never reach
 * `Object.prototype` (it is refused with 400); list indexes are bounded so `a[99999999]` cannot make a huge list.
 */
export function nestFormFields(flat: Record<string, unknown>): Record<string, unknown> {
  const root: Record<string, unknown> = Object.create(null);
  for (const [name, value] of Object.entries(flat)) {
    const keys = name
      .replace(/\]/g, "")
      .split(/[[.]/)
      .filter((key, index) => key !== "" || index > 0);
    if (keys.some((key) => FORBIDDEN_KEYS.has(key))) {
      throw new HttpError(400, `The field name "${name}" is not allowed.`);
    }
    let node: Nested = root;
    keys.forEach((key, index) => {
      const last = index === keys.length - 1;
      const slot: string | number = Array.isArray(node) ? (key === "" ? node.length : Number(key)) : key;
      if (typeof slot === "number" && !(Number.isInteger(slot) && slot < UPLOAD_LIMITS.fields)) {
        throw new HttpError(400, `The field name "${name}" has an index out of range.`);
      }
      const container = node as Record<string | number, unknown>;
      if (last) {
        // `images[]` repeated arrives as one list: its items join the array, not a nested one.
        if (Array.isArray(node) && key === "" && Array.isArray(value)) node.push(...value);
        else container[slot] = value;
        return;
      }
      const nextIsIndex = /^\d*$/.test(keys[index + 1]!);
      const existing = Object.hasOwn(container, slot) ? container[slot] : undefined;
      // A name used both as a value and as a parent (`a=1&a[b]=2`) keeps the nested form.
      const child =
        existing !== null && typeof existing === "object" ? existing : nextIsIndex ? [] : Object.create(null);
      container[slot] = child;
      node = child as Nested;
    });
  }
  return root;
}

const NUL_MESSAGE = "Text cannot contain the NUL character.";

/**
 * Dotted names of the text fields holding U+0000. PostgreSQL cannot store it in text, so it must be refused
 * before validation, once for every field of every route (docs/decisions/001-api-conventions.md).
 */
function fieldsWithNul(input: unknown): string[] {
  type Entry = { value: unknown; key: string; parent: Entry | null };
  const pathOf = (entry: Entry) => {
    const keys: string[] = [];
    for (let at: Entry | null = entry; at?.parent; at = at.parent) keys.unshift(at.key);
    return keys.join(".") || "_";
  };
  const found: string[] = [];
  // A stack, not recursion, and paths built only for a hit: a JSON body may nest thousands of levels deep.
  const pending: Entry[] = [{ value: input, key: "", parent: null }];
  while (pending.length) {
    const entry = pending.pop()!;
    const { value } = entry;
    if (typeof value === "string") {
      if (value.includes("\u0000")) found.push(pathOf(entry));
    } else if (value !== null && typeof value === "object" && !Buffer.isBuffer(value)) {
      for (const [key, item] of Object.entries(value)) pending.push({ value: item, key, parent: entry });
    }
  }
  return found;
}

export const requestBodyPlugin = fp(async (app: FastifyInstance) => {
  await app.register(formbody, { parser: (body) => Object.fromEntries(new URLSearchParams(body)) });
  await app.register(multipart, { attachFieldsToBody: "keyValues", limits: UPLOAD_LIMITS });

  app.addHook("preValidation", async (request) => {
    // The web app's pages read their own bodies and reach the API through these rules in-process.
    if (!request.routeOptions.url?.startsWith("/api/")) return;
    const contentType = request.headers["content-type"] ?? "";
    if (
      request.body &&
      typeof request.body === "object" &&
      (contentType.startsWith("multipart/") || contentType.startsWith("application/x-www-form-urlencoded"))
    ) {
      request.body = nestFormFields(request.body as Record<string, unknown>);
    }

    const withNul = [...fieldsWithNul(request.params), ...fieldsWithNul(request.query), ...fieldsWithNul(request.body)];
    if (withNul.length) {
      throw new HttpError(422, NUL_MESSAGE, Object.fromEntries(withNul.map((field) => [field, [NUL_MESSAGE]])));
    }

    if (request.method === "POST" && isPatchOrOverride(request.routeOptions.method)) {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const override = String(body._method ?? request.headers["x-http-method-override"] ?? "").toLowerCase();
      if (override !== "patch") {
        throw new HttpError(422, "This update is sent as PATCH, or as POST with _method=patch.", {
          _method: ["The _method field must be patch."],
        });
      }
      delete body._method;
    }
  });
});

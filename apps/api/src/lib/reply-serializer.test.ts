import { describe, expect, it } from "vitest";
import { z } from "zod";
import { replySerializerCompiler } from "./reply-serializer.ts";

const compile = (schema: z.ZodType) =>
  replySerializerCompiler({ schema, method: "GET", url: "/test", httpStatus: "200" } as never);

describe("replySerializerCompiler", () => {
  const user = z.object({ id: z.number().int(), name: z.string(), photo: z.string().nullable() });

  it("writes only the declared fields, so a stray column never leaves the server", () => {
    const reply = compile(user)({ id: 7, name: "Musu", photo: null, password: "argon2id$secret" });
    expect(JSON.parse(reply)).toEqual({ id: 7, name: "Musu", photo: null });
  });

  it("refuses a reply that lacks a required field", () => {
    expect(() => compile(user)({ id: 7, photo: null })).toThrow(/name/);
  });

  it("keeps zod for a schema JSON Schema cannot express", () => {
    const stamped = z.object({ at: z.date().transform((date) => date.toISOString()) });
    expect(JSON.parse(compile(stamped)({ at: new Date("2026-11-22T00:00:00Z") }))).toEqual({
      at: "2026-11-22T00:00:00.000Z",
    });
  });
});

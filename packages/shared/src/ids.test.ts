import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ID_MAX, zId, zPage } from "./ids.ts";

const refusal = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? `accepted as ${JSON.stringify(result.data)}` : result.error.issues.map((i) => i.message);
};

describe("zId", () => {
  it("takes a whole number, or the digits paths, query strings and forms carry", () => {
    const id = zId();
    expect(id.parse(5)).toBe(5);
    expect(id.parse("5")).toBe(5);
    expect(id.parse("0042")).toBe(42);
    expect(id.parse(ID_MAX)).toBe(ID_MAX);
    expect(id.parse(String(ID_MAX))).toBe(ID_MAX);
    expect(id.optional().parse(undefined)).toBeUndefined();
  });

  // Issue 24: `true` was id 1 and `[5]` was id 5, so `{"id": true}` deleted row 1.
  it.each(
    [
      true,
      false,
      [5],
      ["5"],
      {},
      { id: 5 },
      null,
      "",
      " 5",
      "5 ",
      "5abc",
      "5.5",
      "+5",
      "-5",
      "1e3",
      "0x10",
      "٥",
      5.5,
      0,
      -1,
      -1.5,
      ID_MAX + 1,
      String(ID_MAX + 1),
      "9".repeat(400),
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ].map((value) => [typeof value === "number" ? String(value) : JSON.stringify(value), value] as const),
  )("refuses %s with the field's message", (_shown, value) => {
    expect(refusal(zId("Choose an ad."), value)).toEqual(["Choose an ad."]);
    expect(refusal(zId(), value)).toEqual(["Must be a number."]);
  });

  it("gives the message once when a refinement narrows it (a status id)", () => {
    const status = zId("Choose a status.").refine((id) => id === 1 || id === 2, "Choose a status.");
    for (const value of [0, -1.5, 3, true, "2x"]) {
      expect(refusal(status, value), JSON.stringify(value)).toEqual(["Choose a status."]);
    }
    expect(status.parse("2")).toBe(2);
  });

  it("keeps a lower bound for small lookup tables and a higher one for 64-bit ids", () => {
    expect(refusal(zId("Choose a type.", 32_767), 32_768)).toEqual(["Choose a type."]);
    expect(zId(undefined, Number.MAX_SAFE_INTEGER).parse("4294967296")).toBe(4_294_967_296);
    expect(refusal(zId(undefined, Number.MAX_SAFE_INTEGER), [4_294_967_296])).toEqual(["Must be a number."]);
  });

  it("is documented as the integer it becomes", () => {
    const schema = z.object({ id: zId(), page: zPage().optional(), first: zPage().prefault(1) });
    expect(z.toJSONSchema(schema, { io: "input", target: "openapi-3.0" }).properties).toEqual({
      id: { type: "integer", minimum: 0, exclusiveMinimum: true, maximum: ID_MAX },
      page: { type: "integer", minimum: 1, maximum: ID_MAX },
      first: { type: "integer", minimum: 1, maximum: ID_MAX, default: 1 },
    });
    expect(schema.parse({ id: "7" })).toEqual({ id: 7, first: 1 });
  });
});

describe("zPage", () => {
  it("takes a page number as a number or digits, and nothing else", () => {
    expect(zPage().parse(3)).toBe(3);
    expect(zPage().parse("3")).toBe(3);
    for (const value of [true, [2], {}, null, "", "2abc", "2.5", 2.5, 0, " 2"]) {
      expect(refusal(zPage(), value), JSON.stringify(value)).toEqual(["The page must be 1 or more."]);
    }
  });
});

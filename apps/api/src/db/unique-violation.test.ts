import { AUTH_MESSAGES } from "@waterside/shared/auth-messages";
import { USER_TYPE } from "@waterside/shared/reference-ids";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../test/test-app.ts";
import { users } from "./schema/users.ts";
import { isUniqueViolation } from "./unique-violation.ts";

const ctx = useTestApp();

/** What a query throws, as Drizzle throws it. */
const failureOf = (query: Promise<unknown>) =>
  query.then(
    () => expect.unreachable("the query should fail"),
    (error: unknown) => error,
  );

describe("isUniqueViolation", () => {
  it("knows PostgreSQL's unique violation behind Drizzle's error, and which index refused the row", async () => {
    const row = { name: "Musu", usertype_id: USER_TYPE.individual };
    await ctx.db.insert(users).values({ ...row, email: "twice@example.com" });
    // The index is on lower(email): another case is the same account.
    const error = await failureOf(ctx.db.insert(users).values({ ...row, email: "Twice@Example.com" }));
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, "users_email_lower_unique")).toBe(true);
    expect(isUniqueViolation(error, "users_google_id_unique")).toBe(false);
  });

  it("is false for other database errors and for errors that are not the database's", async () => {
    const notNull = await failureOf(
      ctx.db.insert(users).values({ email: "no-name@example.com", usertype_id: 1 } as never),
    );
    expect(isUniqueViolation(notNull)).toBe(false);
    expect(isUniqueViolation(new Error("duplicate key value violates unique constraint"))).toBe(false);
    expect(isUniqueViolation({ code: "23505" })).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });

  it("lets the loser of two registrations racing for one email hear that it is taken", async () => {
    const email = `race-${Date.now()}@example.com`;
    const register = (address: string) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/auth/register",
        remoteAddress: address,
        payload: {
          name: "Musu Kollie",
          email,
          password: "secret-pass",
          password_confirmation: "secret-pass",
          usertype_id: USER_TYPE.individual,
          accept_terms: true,
          accept_policy: true,
          platform: "web",
        },
      });
    const responses = await Promise.all([register("10.9.0.1"), register("10.9.0.2")]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 422]);
    const loser = responses.find((response) => response.statusCode === 422)!;
    expect(loser.json().errors.email).toEqual([AUTH_MESSAGES.emailTaken]);
  });
});

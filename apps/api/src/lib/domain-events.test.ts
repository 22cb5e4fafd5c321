import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../db/schema/users.ts";
import { createUser } from "../test/factories.ts";
import { useTestApp } from "../test/test-app.ts";
import { createDomainEvents } from "./domain-events.ts";

const ctx = useTestApp();

const quietLog = { error: () => {} };
const nameOf = async (userId: number) =>
  (await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, userId)))[0]!.name;

describe("domain events", () => {
  it("commits a write reaction with the write, and runs committed work only after the commit", async () => {
    const events = createDomainEvents(quietLog);
    const user = await createUser(ctx.db);
    const seenAfterCommit: string[] = [];
    events.onWrite("user.deleted", async ({ userId }, tx, afterCommit) => {
      await tx.update(users).set({ bio: "reacted" }).where(eq(users.id, userId));
      afterCommit(async () => void seenAfterCommit.push(await nameOf(userId)));
    });
    await events.transaction(ctx.db, async (tx, publish) => {
      await tx.update(users).set({ name: "Written" }).where(eq(users.id, user.id));
      await publish("user.deleted", { userId: user.id });
    });
    // The after-commit work reads the committed write from another connection.
    expect(seenAfterCommit).toEqual(["Written"]);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: "Written", bio: "reacted" });
  });

  it("lets a write reaction publish what its own write caused, reacted to in the same transaction", async () => {
    const events = createDomainEvents(quietLog);
    const user = await createUser(ctx.db);
    events.onWrite("user.banned", async ({ userId }, _tx, _afterCommit, publish) => {
      await publish("ratings.changed", { adIds: [userId] });
    });
    events.onWrite("ratings.changed", async ({ adIds }, tx) => {
      // Reads the publisher's write before it commits: the follow-up runs in its transaction.
      const [row] = await tx.select({ name: users.name }).from(users).where(eq(users.id, adIds[0]!));
      await tx
        .update(users)
        .set({ bio: `saw ${row!.name}` })
        .where(eq(users.id, adIds[0]!));
    });
    await events.transaction(ctx.db, async (tx, publish) => {
      await tx.update(users).set({ name: "Written" }).where(eq(users.id, user.id));
      await publish("user.banned", { userId: user.id });
    });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: "Written", bio: "saw Written" });
  });

  it("rolls the write back when a reaction fails, and runs nothing after", async () => {
    const events = createDomainEvents(quietLog);
    const user = await createUser(ctx.db, { name: "Before" });
    let ranAfterCommit = false;
    events.onWrite("user.deleted", async () => {
      throw new Error("reaction failed");
    });
    events.onCommitted("user.deleted", async () => void (ranAfterCommit = true));
    await expect(
      events.transaction(ctx.db, async (tx, publish) => {
        await tx.update(users).set({ name: "Lost" }).where(eq(users.id, user.id));
        await publish("user.deleted", { userId: user.id });
      }),
    ).rejects.toThrow("reaction failed");
    expect(await nameOf(user.id)).toBe("Before");
    expect(ranAfterCommit).toBe(false);
  });

  it("keeps the write when committed work fails, and logs it", async () => {
    const logged: unknown[] = [];
    const events = createDomainEvents({ error: (...args: unknown[]) => void logged.push(args) });
    const user = await createUser(ctx.db);
    events.onCommitted("user.deleted", async () => {
      throw new Error("mail server down");
    });
    await events.transaction(ctx.db, async (tx, publish) => {
      await tx.update(users).set({ name: "Kept" }).where(eq(users.id, user.id));
      await publish("user.deleted", { userId: user.id });
    });
    expect(await nameOf(user.id)).toBe("Kept");
    expect(logged).toHaveLength(1);
  });
});

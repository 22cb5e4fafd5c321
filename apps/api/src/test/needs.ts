import { beforeAll, describe, type TestContext, type TestOptions } from "vitest";

/**
 * What a check does when the machine lacks something it needs beyond PostgreSQL (the built web app, `redis-server`),
 * given as the reasons it is missing: in CI (`CI=true`) it fails with them, so a machine that cannot run a check
 * never reports it green; elsewhere it is skipped and the reasons printed.
 */
export function whenMissing(missing: Array<string | undefined>, ci = process.env.CI === "true") {
  const reasons = missing.filter((reason) => reason !== undefined);
  if (reasons.length === 0) return { action: "run" as const };
  const reason = reasons.join("; ");
  return ci ? { action: "fail" as const, reason } : { action: "skip" as const, reason };
}

/** `describe` for a suite that needs what `missing` names (see whenMissing). */
export function describeNeeding(
  missing: Array<string | undefined>,
  name: string,
  options: TestOptions,
  body: () => void,
) {
  const decision = whenMissing(missing);
  if (decision.action === "run") return describe(name, options, body);
  if (decision.action === "skip") {
    console.warn(`Skipped "${name}": ${decision.reason}.`);
    return describe.skip(name, options, body);
  }
  return describe(name, options, () => {
    // Registered first, so the suite's own set-up never runs on a machine that cannot run it.
    beforeAll(() => {
      throw new Error(`${decision.reason}.`);
    });
    body();
  });
}

/** Stops a test here that needs what `missing` names (see whenMissing). */
export function needIn(context: TestContext, missing: Array<string | undefined>) {
  const decision = whenMissing(missing);
  if (decision.action === "fail") throw new Error(`${decision.reason}.`);
  if (decision.action === "skip") {
    console.warn(`Skipped "${context.task.name}": ${decision.reason}.`);
    context.skip(decision.reason);
  }
}

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EXCEPTION_MARKER, incompatibleStatements } from "./migration-compatibility.ts";

const folder = path.join(import.meta.dirname, "migrations");
const migrations = readdirSync(folder)
  .filter((file) => file.endsWith(".sql"))
  .sort();
/** The rule holds from the first migration after this one (docs/operations/deploy.md); earlier ones predate it. */
const BASELINE = 33;
const numberOf = (file: string) => Number(/^(\d+)_/.exec(file)![1]);

const findingsIn = (files: string[]) =>
  files.flatMap((file) =>
    incompatibleStatements(readFileSync(path.join(folder, file), "utf8")).map(
      (finding) => `${file}: ${finding.problem}: ${finding.statement.slice(0, 120)}`,
    ),
  );

describe("migrations run under the previous release's code", () => {
  it(`every committed migration after ${String(BASELINE).padStart(4, "0")} only adds, or names its reviewed exception`, () => {
    const files = migrations.filter((file) => numberOf(file) > BASELINE);
    // An empty list here is the rule's answer, not a finding; a new migration that drops, renames or tightens fails.
    expect(findingsIn(files)).toEqual([]);
  });

  it("would have caught the changes before the baseline that the previous release could not run on", () => {
    const findings = findingsIn(migrations.filter((file) => numberOf(file) <= BASELINE)).map((line) =>
      line.slice(0, line.indexOf(":", line.indexOf(":") + 1)),
    );
    expect(findings).toEqual([
      // Sign-in of the previous release could store a second account with the same provider id.
      "0005_accounts-saved-ratings-subscriptions.sql: adds a unique index on existing columns",
      "0005_accounts-saved-ratings-subscriptions.sql: adds a unique index on existing columns",
      "0005_accounts-saved-ratings-subscriptions.sql: adds a unique index on existing columns",
      "0008_session-has-one-owner.sql: tightens a constraint on existing columns",
      // The previous release inserted payments without amount_usd: every payment would have failed in the rollout.
      "0031_exchange-rates-and-wallets.sql: makes a column NOT NULL without a default in this file",
      // Safe in fact (a trigger fills price_local from price), which is what the exception comment is for.
      "0032_ad-currency.sql: makes a column NOT NULL without a default in this file",
    ]);
  });
});

describe("the rule, statement by statement", () => {
  const problems = (sql: string) => incompatibleStatements(sql).map((finding) => finding.problem);

  it.each([
    ['DROP TABLE "old_things";', "drops a table"],
    ['DROP VIEW "ad_summaries";', "drops a view"],
    ['ALTER TABLE "ads" DROP COLUMN "legacy";', "drops a column"],
    ['ALTER TABLE "ads" DROP "legacy";', "drops a column"],
    ['ALTER TABLE "ads" RENAME COLUMN "title" TO "name";', "renames"],
    ['ALTER TABLE "ads" RENAME TO "listings";', "renames"],
    ['ALTER TABLE "ads" ALTER COLUMN "price" SET DATA TYPE bigint;', "changes a column's type"],
    ['ALTER TABLE "ads" ALTER COLUMN "price" TYPE bigint USING price::bigint;', "changes a column's type"],
    ['ALTER TABLE "ads" ALTER COLUMN "currency" DROP DEFAULT;', "drops a default"],
    ['ALTER TABLE "ads" ALTER COLUMN "note" SET NOT NULL;', "makes a column NOT NULL without a default"],
    ['ALTER TABLE "ads" ADD COLUMN "note" text NOT NULL;', "adds a NOT NULL column without a default"],
    ['ALTER TABLE "ads" ADD CONSTRAINT "ads_price" CHECK ("ads"."price" >= 0);', "tightens a constraint"],
    ['ALTER TABLE "ads" ADD CONSTRAINT "ads_title" UNIQUE("title");', "tightens a constraint"],
    [
      'ALTER TABLE "ads" ADD CONSTRAINT "ads_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id");',
      "tightens a constraint",
    ],
    ['CREATE UNIQUE INDEX "ads_slug" ON "ads" USING btree ("slug");', "adds a unique index on existing columns"],
    [
      '-- previous-release-safe:\nALTER TABLE "ads" DROP COLUMN "legacy";',
      "drops a column", // a marker without its reason is no exception
    ],
  ])("%s is refused", (sql, problem) => {
    expect(problems(sql)).toEqual([expect.stringContaining(problem)]);
  });

  it.each([
    'CREATE TABLE "things" ("id" integer PRIMARY KEY, "name" text NOT NULL);',
    'ALTER TABLE "ads" ADD COLUMN "note" text;',
    `ALTER TABLE "ads" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;`,
    'ALTER TABLE "ads" ADD COLUMN "rank" integer GENERATED ALWAYS AS IDENTITY NOT NULL;',
    'CREATE INDEX "ads_note_idx" ON "ads" USING btree ("note");',
    'DROP INDEX "ads_note_idx";--> statement-breakpoint\nCREATE INDEX "ads_note_idx" ON "ads" ("note", "id");',
    'ALTER TABLE "ads" ALTER COLUMN "note" DROP NOT NULL;',
    'ALTER TABLE "ads" DROP CONSTRAINT "ads_price";',
    // A default and the NOT NULL in one file: inserts that omit the column still succeed.
    `ALTER TABLE "ads" ADD COLUMN "note" text;--> statement-breakpoint\nUPDATE "ads" SET "note" = '';--> statement-breakpoint\nALTER TABLE "ads" ALTER COLUMN "note" SET DEFAULT '';--> statement-breakpoint\nALTER TABLE "ads" ALTER COLUMN "note" SET NOT NULL;`,
    // Constraints on what this file adds or creates: the previous release never writes those.
    `ALTER TABLE "ads" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint\nALTER TABLE "ads" ADD CONSTRAINT "ads_currency" CHECK ("ads"."currency" in ('USD', 'LRD'));`,
    'CREATE TABLE "rates" ("id" integer, "admin_id" integer);--> statement-breakpoint\nALTER TABLE "rates" ADD CONSTRAINT "rates_admin_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id");',
    'ALTER TABLE "ads" ADD COLUMN "slug" text;--> statement-breakpoint\nCREATE UNIQUE INDEX "ads_slug" ON "ads" USING btree ("slug");',
    // A trigger's body is run-time behaviour, not a change of the schema.
    `CREATE FUNCTION "f"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN DROP TABLE x; RETURN NEW; END $$;`,
    'UPDATE "ads" SET "note" = \'DROP TABLE ads; ALTER TABLE ads DROP COLUMN x\';',
    // A reviewed exception names itself and why.
    `-- ${EXCEPTION_MARKER} the ads_price_local_default trigger fills price_local on every insert of the previous release.\nALTER TABLE "ads" ALTER COLUMN "price_local" SET NOT NULL;`,
  ])("%s is allowed", (sql) => {
    expect(incompatibleStatements(sql)).toEqual([]);
  });

  it("an exception covers its own statement only", () => {
    const sql = [
      `-- ${EXCEPTION_MARKER} nothing reads legacy since the previous release (issue 99).`,
      'ALTER TABLE "ads" DROP COLUMN "legacy";--> statement-breakpoint',
      'ALTER TABLE "ads" DROP COLUMN "older";',
    ].join("\n");
    expect(incompatibleStatements(sql)).toEqual([
      { statement: 'ALTER TABLE "ads" DROP COLUMN "older"', problem: expect.stringContaining("drops a column") },
    ]);
  });
});

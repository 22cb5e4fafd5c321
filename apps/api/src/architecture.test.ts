import { readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { apiSource, moduleOf, moduleSourceFiles, readSchemaTables, tableAccess } from "./test/table-access.ts";

const root = path.resolve(import.meta.dirname, "../../..");
// import/no-cycle follows the files on disk, which the zone tests' paths are not: it is checked on a real file below.
const eslint = new ESLint({ cwd: root, overrideConfig: { rules: { "import/no-cycle": "off" } } });

/** The rule messages ESLint gives a file with this text at this path (the file need not exist). */
async function zoneErrors(file: string, text: string) {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return result!.messages.filter((message) => message.ruleId === "import/no-restricted-paths").map((m) => m.message);
}

describe("no import loops (import/no-cycle)", () => {
  it("refuses a file importing one that imports it back", async () => {
    // app.ts imports lib/domain-events.ts: this text, linted as that file, closes a loop.
    const [result] = await new ESLint({ cwd: root }).lintText(
      'import { buildApp } from "../app.ts";\nexport const x = buildApp;\n',
      {
        filePath: path.join(root, "apps/api/src/lib/domain-events.ts"),
      },
    );
    expect(result!.messages.map((message) => message.ruleId)).toContain("import/no-cycle");
  });
});

describe("one-direction imports (eslint.config.js zones)", () => {
  it("refuses another module's private files, by relative path", async () => {
    const errors = await zoneErrors(
      "apps/api/src/modules/selling/wrong.ts",
      'import { findLocations } from "../ads/ads.queries.ts";\nexport const x = findLocations;\n',
    );
    expect(errors).toEqual([expect.stringContaining("Other modules import only ads's public files")]);
  });

  it("lets a module use another's public face", async () => {
    const errors = await zoneErrors(
      "apps/api/src/modules/selling/right.ts",
      'import { loadAdListItems } from "../ads/ad-list-items.ts";\nexport const x = loadAdListItems;\n',
    );
    expect(errors).toEqual([]);
  });

  it("keeps adapters and the contract free of modules and apps", async () => {
    expect(
      await zoneErrors(
        "apps/api/src/lib/wrong.ts",
        'import { createAdsService } from "../modules/ads/ads.service.ts";\nexport const x = createAdsService;\n',
      ),
    ).toHaveLength(1);
    expect(
      await zoneErrors(
        "packages/shared/src/wrong.ts",
        'import { buildApp } from "../../../apps/api/src/app.ts";\nexport const x = buildApp;\n',
      ),
    ).toHaveLength(1);
  });
});

/**
 * One owner per table (docs/architecture.md): a table is written only by the module whose db/schema/<feature>.ts
 * declares it, and read by another module only where its owner declares it part of its read model, below.
 */
const schema = readSchemaTables();

/** The schema files whose tables another module than their name writes, and why. */
const OWNER_OF_SCHEMA_FILE: Record<string, string> = {
  // The ads module is the read side (lists, the ad page); selling posts, edits, hides and deletes ads.
  "ads.ts": "selling",
};
const ownerOf = (table: string) => {
  const file = schema.fileOf.get(table)!;
  return OWNER_OF_SCHEMA_FILE[file] ?? file.replace(/\.ts$/, "");
};

/**
 * Writes whose table is chosen at run time (`update ${sql.raw(table)}`), which the source cannot name: the tables
 * each such file may pick. They must be its module's own.
 */
const CHOSEN_AT_RUN_TIME: Record<string, string[]> = {
  "modules/reports/reports.queries.ts": ["ad_reports", "user_reports"],
  "modules/reviews/reviews.queries.ts": ["review_likes", "reply_likes", "reviews", "replies"],
};

/**
 * What other modules may read, by table: the owners' read models at the SQL level (a join reads the owner's columns,
 * so the owner must know). "every module" for what the whole marketplace shows; otherwise the readers, each with why.
 */
const READ_MODELS: Record<string, "every module" | Record<string, string>> = {
  // The people, ads and catalogue every page shows.
  users: "every module",
  user_types: "every module",
  user_statuses: "every module",
  companies: "every module",
  ads: "every module",
  ad_statuses: "every module",
  ad_images: "every module",
  ad_attribute_values: "every module",
  categories: "every module",
  subcategories: "every module",
  subcategory_attributes: "every module",
  attributes: "every module",
  attribute_types: "every module",
  attribute_options: "every module",
  counties: "every module",
  areas: "every module",
  search_titles: { ads: "search suggestions are the active ads' titles (decision 011)" },
  subscriptions: {
    ads: "boosted ads and top sellers lead the lists (decision 048)",
    analytics: "a running boost is part of visibility_score (decision 045)",
    catalog: "featured businesses are the running business plans",
    admin: "the ads table filters ads with an active boost",
    selling: "a running boost outlives the ad's expiry (decision 075)",
  },
  packages: { analytics: "a package's visibility_boost is part of visibility_score" },
  ratings: { analytics: "the stars are part of visibility_score" },
  user_reviews: {
    trust: "a user's stars from completed deals are a trust figure (issue 33)",
    analytics: "a seller's stars from completed deals are part of visibility_score (issue 33)",
  },
  payments: { deals: "the ledger's reconciliation checks a held deal's collection succeeded (issue 33)" },
  response_stats: { analytics: "a seller's quick answers are part of visibility_score (decision 070)" },
  ad_reports: { admin: "the dashboard and the moderation queue show what reports hold (decision 043)" },
  user_reports: { admin: "the dashboard counts unresolved reports" },
  reviews: { admin: "a user's reviews, listed for moderation" },
  replies: { admin: "the replies under those reviews" },
  ad_daily_stats: { admin: "the ads export carries each ad's counts" },
  chat_messages: {
    deals: "an admin deciding a dispute reads the deal's chat (issue 33)",
    notifications: "the unread message an email or push tells of (decision 042)",
    trust: "how fast a seller answers the chats others open (decision 070)",
  },
  chats: {
    trust: "the conversations a seller's response figures cover (decision 070)",
    selling: "a sold ad's buyer is someone who chatted about it (decision 075)",
    deals: "a deal's chat carries its steps, and a cash deal's buyer is someone who chatted about the ad (issue 33)",
  },
  auth_sessions: { admin: "an admin's latest sign-in is their latest session (decision 057)" },
  ad_flags: { admin: "the moderation queue lists only flagged ads when asked (decision 079)" },
  exchange_rates: {
    ads: "a list row prices an L$ ad at the rate in force, in the page's prepared statement (decision 093)",
  },
  admins: {
    admin: "the audit log and the moderation queue name the admin who acted",
    "ad-screening": "a banned-words rule names the admin who wrote it (decision 079)",
    "exchange-rates": "the rate's history names the admin who set each rate (decision 086)",
    users: "admins' profile pictures live among the users' for the orphan sweep (decision 041)",
  },
};

/** What one file may not do: writes outside its module, undeclared reads and run-time tables it did not list. */
function ownershipErrors(file: string, text: string): string[] {
  const module = moduleOf(file);
  const { writes, reads, unresolved } = tableAccess(text, schema);
  const errors: string[] = [];
  for (const { table, how } of writes) {
    if (ownerOf(table) !== module) errors.push(`${file} writes ${table} (${how}), which ${ownerOf(table)} owns`);
  }
  for (const table of reads) {
    const model = READ_MODELS[table];
    if (ownerOf(table) === module || model === "every module" || (model && module in model)) continue;
    errors.push(`${file} reads ${table}, which ${ownerOf(table)} has not declared readable by ${module}`);
  }
  if (unresolved.length && !CHOSEN_AT_RUN_TIME[file]) {
    errors.push(`${file} writes a table it does not name: ${unresolved.join("; ")}`);
  }
  return errors;
}

describe("one owner per table (test/table-access.ts reads the source)", () => {
  const files = moduleSourceFiles();
  const sources = new Map(files.map((file) => [file, readFileSync(path.join(apiSource, file), "utf8")]));

  it("has every module write only its own tables and read others' through their declared read models", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((file) => ownershipErrors(file, sources.get(file)!))).toEqual([]);
  });

  it("keeps its declarations true: owners exist, run-time tables are the file's own, every reader reads", () => {
    const modules = new Set(files.map(moduleOf));
    for (const table of schema.fileOf.keys()) expect(modules, table).toContain(ownerOf(table));
    for (const [file, tables] of Object.entries(CHOSEN_AT_RUN_TIME)) {
      expect(tableAccess(sources.get(file)!, schema).unresolved, file).not.toEqual([]);
      for (const table of tables) expect(ownerOf(table), `${file}: ${table}`).toBe(moduleOf(file));
    }
    const reads = new Map<string, Set<string>>();
    for (const file of files) {
      for (const table of tableAccess(sources.get(file)!, schema).reads) {
        reads.set(table, (reads.get(table) ?? new Set()).add(moduleOf(file)));
      }
    }
    for (const [table, model] of Object.entries(READ_MODELS)) {
      expect(schema.fileOf.has(table), table).toBe(true);
      if (model === "every module") continue;
      for (const reader of Object.keys(model)) expect(reads.get(table), `${reader} reads ${table}`).toContain(reader);
    }
  });

  it("fails on another module's table written through Drizzle or SQL, or read without a declaration", () => {
    const fixture = `
      import { ads } from "../../db/schema/ads.ts";
      import { adminAuditLog } from "../../db/schema/admin.ts";
      export async function rescore(tx) {
        await tx.update(ads).set({ visibility_score: 1 });
        await tx.execute(sql\`update ads a set visibility_score = 2 where a.id = 1\`);
        await tx.execute(sql\`delete from \${adminAuditLog} where id = 1\`);
        await tx.execute(sql\`select id from auth_sessions where user_id = 1\`);
        await tx.execute(sql\`insert into \${sql.raw(name)} (id) values (1)\`);
      }`;
    expect(ownershipErrors("modules/analytics/fixture.ts", fixture)).toEqual([
      "modules/analytics/fixture.ts writes ads (update(ads)), which selling owns",
      "modules/analytics/fixture.ts writes ads (update ads), which selling owns",
      "modules/analytics/fixture.ts writes admin_audit_log (delete from ${adminAuditLog}), which admin owns",
      "modules/analytics/fixture.ts reads admin_audit_log, which admin has not declared readable by analytics",
      "modules/analytics/fixture.ts reads auth_sessions, which auth has not declared readable by analytics",
      "modules/analytics/fixture.ts writes a table it does not name: insert into ${sql.raw(name)}",
    ]);
    // The owner writes its tables; a comment quoting SQL writes nothing.
    const owner = `
      import { adImages } from "../../db/schema/ads.ts";
      // update users set name = 'x'
      export async function reorder(tx) {
        await tx.update(adImages).set({ order: 0 });
        await tx.execute(sql\`update ads a set title = 'x' where a.id = 1\`);
      }`;
    expect(ownershipErrors("modules/selling/fixture.ts", owner)).toEqual([]);
  });
});

describe("triggers (docs/triggers.md lists each with its purpose)", () => {
  const migrations = path.join(apiSource, "db/migrations");

  /** The triggers the migrations leave, replayed in the journal's order: "<name> on <table>" → what fires it. */
  function triggersLeft() {
    const journal = JSON.parse(readFileSync(path.join(migrations, "meta/_journal.json"), "utf8")) as {
      entries: Array<{ tag: string }>;
    };
    const left = new Map<string, string>();
    for (const { tag } of journal.entries) {
      const text = readFileSync(path.join(migrations, `${tag}.sql`), "utf8");
      const statements =
        /CREATE TRIGGER "(\w+)" (?:BEFORE|AFTER) ([\s\S]*?) ON "(\w+)"|DROP TRIGGER "(\w+)" ON "(\w+)"/g;
      for (const [, created, events, table, dropped, droppedFrom] of text.matchAll(statements)) {
        if (created) left.set(`${created} on ${table}`, events!.replace(/\s+/g, " "));
        else left.delete(`${dropped} on ${droppedFrom}`);
      }
    }
    return left;
  }

  /** The columns an `UPDATE OF` watches, in the migration's words; null when any update fires it. */
  const updateOf = (events: string) => /UPDATE OF ((?:"\w+"(?:, )?)+)/.exec(events)?.[1]!.match(/\w+/g) ?? null;

  /** docs/triggers.md's rows: each trigger named with its table, and the columns of its "UPDATE OF" if any. */
  function listed() {
    const doc = readFileSync(path.join(apiSource, "../../../docs/triggers.md"), "utf8");
    const rows = new Map<string, string[] | null>();
    for (const line of doc.split("\n")) {
      const [, names, table, firesOn] = line.split("|").map((cell) => cell.trim());
      if (!names?.startsWith("`") || !table || !firesOn) continue;
      const columns =
        /UPDATE OF ([\w, ]+)/
          .exec(firesOn)?.[1]!
          .split(",")
          .map((column) => column.trim()) ?? null;
      for (const [, name] of names.matchAll(/`(\w+)`/g)) rows.set(`${name} on ${table.replace(/`/g, "")}`, columns);
    }
    return rows;
  }

  it("lists every trigger the migrations leave, and only those, with the columns each UPDATE OF watches", () => {
    const left = triggersLeft();
    const doc = listed();
    expect(left.size).toBeGreaterThan(20);
    expect([...doc.keys()].sort()).toEqual([...left.keys()].sort());
    for (const [trigger, events] of left) expect(doc.get(trigger), trigger).toEqual(updateOf(events));
  });

  it("has the announcement on users watch every users column a cached list or catalogue read can see change", () => {
    const watched = updateOf(triggersLeft().get("ads_changed on users")!)!;
    // Written once, with the row.
    const neverChange = ["id", "created_at"];
    const read = new Set<string>();
    for (const file of moduleSourceFiles().filter((name) => /^modules\/(ads|catalog)\//.test(name))) {
      const text = readFileSync(path.join(apiSource, file), "utf8");
      // In these modules' SQL `u` is always `users`, so `u.<column>` is a users column.
      for (const [, table] of text.matchAll(/\b(?:from|join)\s+(\w+)\s+u\b/gi)) expect(table, file).toBe("users");
      for (const [, column] of text.matchAll(/\bu\.(\w+)/g)) read.add(column!);
    }
    expect([...read]).toEqual(expect.arrayContaining(["name", "profile_image", "usertype_id", "status_id"]));
    expect([...read].filter((column) => !neverChange.includes(column) && !watched.includes(column))).toEqual([]);
  });
});

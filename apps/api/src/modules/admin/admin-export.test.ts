import { AD_STATUS, USER_STATUS, USER_TYPE } from "@waterside/shared/reference-ids";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog } from "../../db/schema/admin.ts";
import { createAd, createUser, signedInAdmin, signedInUser } from "../../test/factories.ts";
import { useTestApp } from "../../test/test-app.ts";
import { CSV_BATCH, csvCell, csvRecord } from "./admin-csv.ts";

const ctx = useTestApp();
let adminHeaders: Record<string, string>;
let adminId: number;

beforeAll(async () => {
  const signedIn = await signedInAdmin(ctx.app, ctx.db, "Admin");
  adminId = signedIn.admin.id;
  adminHeaders = signedIn.headers;
});

/** RFC 4180 read back: records of cells, quotes undone. Enough to check what a spreadsheet would see. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted && char === '"' && text[index + 1] === '"') {
      cell += '"';
      index++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === ",") {
      record.push(cell);
      cell = "";
    } else if (!quoted && char === "\r" && text[index + 1] === "\n") {
      records.push([...record, cell]);
      record = [];
      cell = "";
      index++;
    } else {
      cell += char;
    }
  }
  return records;
}

/**
 * Issue 24: what users may type that a spreadsheet runs as a formula, at the start of a cell or after a separator it
 * may split on instead of the comma, and what the export must read back as: the text with a single quote before it.
 */
const FORMULAS: Array<[typed: string, readBack: string]> = [
  ["ok;=1+1", "ok;'=1+1"],
  ["a,=1", "a,'=1"],
  ["x\t=1", "x\t'=1"],
  ["a| =1", "a| '=1"],
  ['=HYPERLINK("http://evil.lr","go")', `'=HYPERLINK("http://evil.lr","go")`],
  ["@SUM(1)", "'@SUM(1)"],
  ["+1", "'+1"],
  ["-1", "'-1"],
  [" =1", " '=1"],
  ["say \"hi\"\n=cmd|' /C calc'!A0", `say "hi"\n'=cmd|' /C calc'!A0`],
  ['b;"=1"', `b;"'=1"`],
];

/**
 * The cells a spreadsheet could make of the file if it split it on `;`, `,`, a tab, `|` or a line break without
 * heeding the quotes, that start (past spaces and quotes) with a formula character; numbers the server writes aside.
 */
const formulaCells = (csv: string) =>
  csv.split(/[,;\t|\r\n]/).filter((piece) => /^[ "]*[=+\-@]/.test(piece) && !/^-?\d+(\.\d+)?$/.test(piece));

async function exportCsv(request: { method: "GET" | "POST"; url: string; payload?: object }) {
  const response = await ctx.app.inject({ ...request, headers: adminHeaders });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
  expect(response.body.startsWith("\uFEFF")).toBe(true);
  const [header, ...rows] = parseCsv(response.body.slice(1));
  return { header: header!, rows, disposition: response.headers["content-disposition"], body: response.body };
}
const exportUsers = (query: string) => exportCsv({ method: "GET", url: `/api/admin/users/export.csv?${query}` });
const exportAds = (filters: object) =>
  exportCsv({ method: "POST", url: "/api/admin/ads/export.csv", payload: filters });
const tableTotal = async (request: { method: "GET" | "POST"; url: string; payload?: object }) =>
  (await ctx.app.inject({ ...request, headers: adminHeaders })).json().data.total as number;

describe("CSV cells", () => {
  it("quote every text cell (RFC 4180) and defuse formulas", () => {
    expect(csvCell("plain text")).toBe('"plain text"');
    expect(csvCell('Ann, "Big" Sales')).toBe('"Ann, ""Big"" Sales"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("carriage\r\nreturn")).toBe('"carriage\r\nreturn"');
    for (const formula of ["=1+2", "+231770001", "-5", "@SUM(A1)", "\tTab", "\rReturn"]) {
      expect(csvCell(formula).replace(/^"/, "").startsWith(`'${formula[0]}`), JSON.stringify(formula)).toBe(true);
    }
    expect(csvCell('=HYPERLINK("http://x.lr","go")')).toBe('"\'=HYPERLINK(""http://x.lr"",""go"")"');
    expect(csvCell("a=b")).toBe('"a=b"');
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(null)).toBe("");
    expect(csvRecord([1, "a,b", null])).toBe('1,"a,b",\r\n');
  });

  it("defuse a formula after any separator a spreadsheet may split on, and read back as typed with the quote", () => {
    for (const [typed, readBack] of FORMULAS) {
      const record = csvRecord([7, typed, -5]);
      expect(formulaCells(record), JSON.stringify(typed)).toEqual([]);
      expect(parseCsv(record), JSON.stringify(typed)).toEqual([["7", readBack, "-5"]]);
    }
    // Text without a formula after a separator is left as typed.
    expect(parseCsv(csvRecord(["Lamp, brass; 2 | 3\tx", "Jean-Luc @home"]))).toEqual([
      ["Lamp, brass; 2 | 3\tx", "Jean-Luc @home"],
    ]);
  });
});

describe("the export routes", () => {
  it("refuse visitors (401) and user tokens (403)", async () => {
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const routes = [
      ["GET", "/api/admin/users/export.csv"],
      ["POST", "/api/admin/ads/export.csv"],
    ] as const;
    for (const [method, url] of routes) {
      expect((await ctx.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
      expect((await ctx.app.inject({ method, url, headers })).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe("GET /api/admin/users/export.csv", () => {
  it("writes the users table as filtered, newest first, quoted and defused, and records who exported it", async () => {
    const tag = `xq${Date.now().toString(36)}`;
    const ann = await createUser(ctx.db, {
      name: `Ann, "Big" ${tag}`,
      email: `ann.${tag}@example.com`,
      phone_number: "+231770001",
    });
    const formula = await createUser(ctx.db, {
      name: `=HYPERLINK("http://evil.lr") ${tag}`,
      email: `eve.${tag}@example.com`,
      usertype_id: USER_TYPE.company,
    });
    const banned = await createUser(ctx.db, {
      name: `Cy\nLine ${tag}`,
      email: `cy.${tag}@example.com`,
      status_id: USER_STATUS.banned,
    });
    await createUser(ctx.db, { name: `Gone ${tag}`, email: `gone.${tag}@example.com`, deleted_at: new Date() });
    await createAd(ctx.db, { user_id: ann.id });
    await createAd(ctx.db, { user_id: ann.id, status_id: AD_STATUS.hidden });

    const all = await exportUsers(`search=${tag}&page=2&per_page=1&sort_by=name`);
    expect(all.disposition).toMatch(/^attachment; filename="waterside-users-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(all.header).toEqual([
      "id",
      "name",
      "email",
      "phone_number",
      "usertype",
      "status",
      "created_at",
      "ads_count",
    ]);
    // Paging and sort are the table's: the export holds every match, newest first.
    expect(all.rows).toEqual([
      [
        String(banned.id),
        `Cy\nLine ${tag}`,
        banned.email,
        "",
        "Individual",
        "Banned",
        banned.created_at.toISOString(),
        "0",
      ],
      [
        String(formula.id),
        `'=HYPERLINK("http://evil.lr") ${tag}`,
        formula.email,
        "",
        "Company",
        "Active",
        formula.created_at.toISOString(),
        "0",
      ],
      [
        String(ann.id),
        `Ann, "Big" ${tag}`,
        ann.email,
        "'+231770001",
        "Individual",
        "Active",
        ann.created_at.toISOString(),
        "2",
      ],
    ]);
    expect(all.body).toContain(`"Ann, ""Big"" ${tag}"`);
    expect(all.rows).toHaveLength(await tableTotal({ method: "GET", url: `/api/admin/users?search=${tag}` }));

    for (const query of [`search=${tag}&status=Banned`, `search=${tag}&usertype=Company`, `search=${tag}&status=1`]) {
      const filtered = await exportUsers(query);
      expect(filtered.rows.length, query).toBe(await tableTotal({ method: "GET", url: `/api/admin/users?${query}` }));
    }
    expect((await exportUsers(`search=${tag}&usertype=Company`)).rows.map((row) => row[0])).toEqual([
      String(formula.id),
    ]);

    const bad = await ctx.app.inject({ url: "/api/admin/users/export.csv?status=Sleeping", headers: adminHeaders });
    expect(bad.statusCode).toBe(422);

    const [record] = await ctx.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "users.export"))
      .orderBy(adminAuditLog.id)
      .limit(1);
    expect(record).toMatchObject({ admin_id: adminId, target_type: "users", target_id: 0, after: { search: tag } });
  });
});

describe("formulas in the exports (issue 24)", () => {
  it("are defused in users' names and ads' titles, whatever separator a spreadsheet splits on", async () => {
    const tag = `fx${Date.now().toString(36)}`;
    const seller = await createUser(ctx.db, { name: "Formula Seller", email: `seller.${tag}@example.com` });
    const users = [];
    const titled = [];
    for (const [index, [typed]] of FORMULAS.entries()) {
      users.push(await createUser(ctx.db, { name: typed, email: `f${index}.${tag}@example.com` }));
      titled.push(await createAd(ctx.db, { user_id: seller.id, title: typed }));
    }

    const people = await exportUsers(`search=${tag}`);
    expect(formulaCells(people.body)).toEqual([]);
    const names = new Map(people.rows.map((row) => [Number(row[0]), row[1]]));
    expect(users.map((user) => names.get(user.id))).toEqual(FORMULAS.map(([, readBack]) => readBack));

    const ads = await exportAds({ user_id: seller.id });
    expect(formulaCells(ads.body)).toEqual([]);
    const titles = new Map(ads.rows.map((row) => [Number(row[0]), row[1]]));
    expect(titled.map((ad) => titles.get(ad.id))).toEqual(FORMULAS.map(([, readBack]) => readBack));
  });
});

describe("POST /api/admin/ads/export.csv", () => {
  it("writes the ads table as filtered, with owner, names and views, and matches the table's total", async () => {
    const seller = await createUser(ctx.db, {
      name: "Export Seller",
      email: `export.seller.${Date.now()}@example.com`,
    });
    const lamp = await createAd(ctx.db, { user_id: seller.id, title: "Lamp, brass", price: 12.5 });
    const hidden = await createAd(ctx.db, {
      user_id: seller.id,
      title: '@cmd "quoted"\nsecond line',
      price: 40,
      status_id: AD_STATUS.hidden,
    });
    await ctx.db.execute(sql`
      insert into ad_daily_stats (ad_id, day, views) values (${lamp.id}, '2025-01-01', 3), (${lamp.id}, '2025-01-02', 4)`);
    const [names] = await ctx.db.execute<{ category: string; subcategory: string }>(sql`
      select c.name as category, s.name as subcategory from subcategories s join categories c on c.id = s.category_id
      where s.id = ${lamp.subcategory_id}`);

    const all = await exportAds({ user_id: seller.id, sort_by: "price", sort_order: "asc", page: 2, per_page: 1 });
    expect(all.disposition).toMatch(/^attachment; filename="waterside-ads-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(all.header).toEqual([
      "id",
      "title",
      "price",
      "status",
      "category",
      "subcategory",
      "owner_id",
      "owner_name",
      "owner_email",
      "location",
      "created_at",
      "views",
    ]);
    const owner = [String(seller.id), "Export Seller", seller.email];
    expect(all.rows).toEqual([
      [
        String(hidden.id),
        `'@cmd "quoted"\nsecond line`,
        "40",
        "Hidden",
        names!.category,
        names!.subcategory,
        ...owner,
        "Sinkor, Montserrado",
        hidden.created_at.toISOString(),
        "0",
      ],
      [
        String(lamp.id),
        "Lamp, brass",
        "12.5",
        "Active",
        names!.category,
        names!.subcategory,
        ...owner,
        "Sinkor, Montserrado",
        lamp.created_at.toISOString(),
        "7",
      ],
    ]);
    expect(all.body).toContain(`"'@cmd ""quoted""\nsecond line"`);

    const hiddenOnly = await exportAds({ user_id: seller.id, status: "Hidden" });
    expect(hiddenOnly.rows.map((row) => row[0])).toEqual([String(hidden.id)]);
    // No body: every ad, as the table's total counts them.
    const everything = await exportAds({});
    expect(everything.rows).toHaveLength(await tableTotal({ method: "POST", url: "/api/admin/ads", payload: {} }));

    const bad = await ctx.app.inject({
      method: "POST",
      url: "/api/admin/ads/export.csv",
      headers: adminHeaders,
      payload: { status: "Archived" },
    });
    expect(bad.statusCode).toBe(422);
  });

  it("reads batch after batch by id, every matching ad once, as many as the table counts", async () => {
    const seller = await createUser(ctx.db);
    const template = await createAd(ctx.db, { user_id: seller.id, title: "Batch crate", price: 5 });
    await ctx.db.execute(sql`
      insert into ads (user_id, category_id, subcategory_id, county_id, area_id, location, status_id, title,
        description, price)
      select user_id, category_id, subcategory_id, county_id, area_id, location,
        case when g % 3 = 0 then ${AD_STATUS.hidden}::smallint else ${AD_STATUS.active}::smallint end,
        'Batch crate ' || g, description, g
      from ads, generate_series(1, ${2 * CSV_BATCH + 10}) g where ads.id = ${template.id}`);

    const filters = { user_id: seller.id, status: "Active", price_min: 2 };
    const { rows } = await exportAds(filters);
    const total = await tableTotal({ method: "POST", url: "/api/admin/ads", payload: filters });
    expect(total).toBeGreaterThan(CSV_BATCH);
    expect(rows).toHaveLength(total);
    const ids = rows.map((row) => Number(row[0]));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});

import { execFile, execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import postgres from "postgres";
import sharp from "sharp";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { singleImageFile } from "./lib/images.ts";
import { describeNeeding } from "./test/needs.ts";
import { freePort, startTestServer, temporaryDataDir, webAppMissing } from "./test/server-process.ts";
import { adForm, carAdFields } from "./test/car-ad.ts";

/**
 * The restore drill of docs/operations/backups.md (issue 32 "Recover", decision 095): a seller, a buyer, two ads with
 * two uploaded photos each, a chat and a MoMo payment that boosts one ad are written through the API of a real server;
 * the database is dumped with `pg_dump -Fc` and the media folder packed with `tar`, both originals are destroyed, the
 * dump is restored into a fresh database with `pg_restore` and the archive into a fresh media folder, and a server
 * started on them must answer every read of the first one identically: ad pages, every photo variant byte for byte,
 * the category pictures, the seller's chat, payments and boosts. The commands are the ones the document gives.
 */

const run = promisify(execFile);
type Server = Awaited<ReturnType<typeof startTestServer>>;

/**
 * pg_dump and pg_restore no older than the server: Debian keeps each major's tools in /usr/lib/postgresql/<major>/bin,
 * and the newest one there dumps every older server too. PATH's own is the fallback.
 */
function postgresTool(name: "pg_dump" | "pg_restore") {
  const root = "/usr/lib/postgresql";
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((entry) => /^\d+$/.test(entry) && existsSync(path.join(root, entry, "bin", name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return majors.length ? path.join(root, majors[0]!, "bin", name) : name;
}
const PG_DUMP = postgresTool("pg_dump");
const PG_RESTORE = postgresTool("pg_restore");

/** Why the drill cannot run here: it dumps the machine's PostgreSQL, whose tools the embedded server does not ship. */
function postgresToolsMissing(): string | undefined {
  if (!process.env.TEST_DATABASE_URL) {
    return "TEST_DATABASE_URL is unset: the restore drill dumps the machine's PostgreSQL (the embedded one has no pg_dump)";
  }
  for (const tool of [PG_DUMP, PG_RESTORE]) {
    try {
      execFileSync(tool, ["--version"], { stdio: "ignore" });
    } catch {
      return `${tool} is not installed (Debian: postgresql-client)`;
    }
  }
  return undefined;
}

const needs = [webAppMissing(), postgresToolsMissing()];

const drill = {
  work: undefined as ReturnType<typeof temporaryDataDir> | undefined,
  admin: undefined as postgres.Sql | undefined,
  databases: [] as string[],
  servers: [] as Server[],
};
const tokenSecret = `restore drill ${randomBytes(8).toString("hex")}`.padEnd(40, ".");
const PASSWORD = "restore-drill-password";
const MOMO_NUMBER = "231886123456";

async function stop(server: Server) {
  server.child.kill("SIGTERM");
  const code = await server.exited;
  drill.servers = drill.servers.filter((running) => running !== server);
  expect(code, `the server stopped with exit code ${code}`).toBe(0);
}

async function start(database: string, dataDir: string) {
  // Payments' callbacks reach the server at PUBLIC_URL: its own address, not localhost, which may resolve to ::1.
  const port = await freePort();
  const server = await startTestServer(
    {
      DATABASE_URL: inject("databaseUrlPattern").replace("{database}", database),
      DATA_DIR: dataDir,
      TOKEN_SECRET: tokenSecret,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    port,
  );
  drill.servers.push(server);
  return server;
}

/** A call to the server's API: the parsed reply, which must have the status expected. */
async function api<T = Record<string, unknown>>(
  server: Server,
  route: string,
  { token, body, status = 200 }: { token?: string; body?: object | FormData; status?: number } = {},
) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let payload: RequestInit["body"];
  if (body instanceof FormData) payload = body;
  else if (body) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const response = await fetch(`${server.url}/api${route}`, { method: body ? "POST" : "GET", headers, body: payload });
  const text = await response.text();
  if (response.status !== status) {
    throw new Error(`${body ? "POST" : "GET"} /api${route}: expected ${status}, got ${response.status}: ${text}`);
  }
  return JSON.parse(text) as { data: T };
}

/** A photo as a phone takes it: large, with detail in it, so each stored size is a real re-encoding. */
function photo(seed: number) {
  const width = 1600;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 3) {
    const x = (index / 3) % width;
    const y = Math.floor(index / 3 / width);
    pixels[index] = (x * seed) % 256;
    pixels[index + 1] = (y * 3 + seed * 40) % 256;
    pixels[index + 2] = ((x ^ y) + seed * 90) % 256;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function register(server: Server, name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}.${Date.now()}@example.com`;
  const { data } = await api<{ user: { id: number }; authorization: { token: string } }>(server, "/auth/register", {
    status: 201,
    body: {
      name,
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      accept_terms: true,
      device_id: `restore-drill-${name}`,
    },
  });
  return { id: data.user.id, email, token: data.authorization.token };
}

async function signIn(server: Server, email: string) {
  const { data } = await api<{ authorization: { token: string } }>(server, "/auth/login", {
    body: { email, password: PASSWORD, device_id: "restore-drill-after" },
  });
  return data.authorization.token;
}

async function postAd(server: Server, token: string, title: string, seeds: [number, number]) {
  const { data: subcategories } = await api<Array<{ id: number; name: string; category_id: number }>>(
    server,
    "/subcategories/active",
  );
  const cars = subcategories.find((subcategory) => subcategory.name === "Cars")!;
  const form = adForm(
    carAdFields(cars, { title, description: "Clean car, AC cold, papers complete. Restore drill." }),
    await Promise.all(seeds.map(async (seed) => ({ body: await photo(seed), name: `photo-${seed}.jpg` }))),
  );
  const { data } = await api<{ id: number }>(server, "/ads/create", { token, body: form, status: 201 });
  return data.id;
}

interface Written {
  seller: { id: number; email: string; token: string };
  adIds: number[];
  boostedAdId: number;
}

/**
 * What the drill backs up, written as people write it. The seller's last act is to open the chat, so every message is
 * read before the reads below, which would otherwise change what they show (a chat opened marks it read).
 */
async function writeThroughTheApi(server: Server): Promise<Written> {
  const seller = await register(server, "Drill Seller");
  const buyer = await register(server, "Drill Buyer");
  const boostedAdId = await postAd(server, seller.token, "Toyota Corolla 2014 boosted in the drill", [1, 2]);
  const plainAdId = await postAd(server, seller.token, "Toyota Corolla 2014 kept plain in the drill", [3, 4]);

  // The payment first: the MoMo sandbox answers after 1.5 s, while the chat is written.
  const { data: packages } = await api<Array<{ id: number; name: string }>>(server, "/packages/ad");
  const standard = packages.find((pack) => pack.name === "Standard Boost") ?? packages[0]!;
  const { data: requested } = await api<{ transaction_id: string }>(server, "/payments/momo", {
    token: seller.token,
    status: 201,
    body: { phone_number: MOMO_NUMBER, package_id: standard.id, ad_id: boostedAdId },
  });

  const { data: chat } = await api<{ id: number }>(server, "/chats", {
    token: buyer.token,
    status: 201,
    body: { recieverId: seller.id, productId: boostedAdId, firstMessage: "Hello, is the Corolla still available?" },
  });
  await api(server, `/chats/${chat.id}`, { token: seller.token });
  await api(server, `/chats/${chat.id}/messages`, {
    token: seller.token,
    status: 201,
    body: { text: "Yes, come and see it in Sinkor tomorrow." },
  });
  await api(server, `/chats/${chat.id}/messages`, {
    token: buyer.token,
    status: 201,
    body: { text: "I will come at 10. Is $6,000 possible?" },
  });
  await api(server, `/chats/${chat.id}`, { token: seller.token });

  // As the wizard's Confirm does: ask until the payment is final (the sandbox is asked at most every 5 s).
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { data } = await api<{ status: string; reason: string | null }>(
      server,
      `/payments/momo/status/${requested.transaction_id}/ad`,
      { token: seller.token },
    );
    if (data.status !== "pending") {
      expect(data, "the drill's payment").toMatchObject({ status: "completed" });
      break;
    }
    if (Date.now() > deadline) throw new Error("the drill's payment stayed pending for 20 s");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { seller, adIds: [boostedAdId, plainAdId], boostedAdId };
}

/** The bytes of a stored file, served as browsers fetch it: its size and SHA-256. */
async function fileDigest(server: Server, url: string) {
  const response = await fetch(new URL(url, server.url));
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  return `${bytes.length} bytes, sha256 ${createHash("sha256").update(bytes).digest("hex")}`;
}

const IMAGE_VARIANTS = [
  "image_url",
  "card_url",
  "card_small_url",
  "thumbnail_url",
  "gallery_url",
  "gallery_large_url",
] as const;

/** Everything the drill compares, read through the public API as the seller (signed in with `token`) and visitors. */
async function readBack(server: Server, written: Written, token: string) {
  const ads: Record<string, unknown> = {};
  const images: Record<string, string> = {};
  for (const id of written.adIds) {
    const { data } = await api<{ images: Array<Record<(typeof IMAGE_VARIANTS)[number], string>> }>(
      server,
      `/ads/id/${id}?load=lastest_subscription`,
      { token },
    );
    ads[`ad ${id}`] = data;
    for (const image of data.images) {
      for (const variant of IMAGE_VARIANTS) images[image[variant]] = await fileDigest(server, image[variant]);
    }
  }
  // The reference data's pictures live in the media folder too.
  for (const list of ["/categories/active", "/subcategories/active"]) {
    const { data } = await api<Array<{ image_url: string | null }>>(server, list);
    for (const { image_url: url } of data) if (url) images[url] = await fileDigest(server, url);
  }
  const { data: mine } = await api(server, "/ads/mine", { token });
  const { data: boosted } = await api<{ data: Array<{ id: number }> }>(server, "/ads/get", {
    body: { user_id: written.seller.id, has_active_subscription: true },
  });

  const { data: chatList } = await api<{ data: Array<{ id: number }> }>(server, "/chats", { token });
  const chats: Record<string, unknown> = {};
  let messages = 0;
  for (const { id } of chatList.data) {
    const { data } = await api<{ messages: unknown[] }>(server, `/chats/${id}`, { token });
    chats[`chat ${id}`] = data;
    messages += data.messages.length;
  }
  const { data: payments } = await api<{ data: unknown[] }>(server, "/payments", { token });
  const { data: subscriptions } = await api<{ data: unknown[] }>(server, "/subscriptions", { token });
  const scores = Object.fromEntries(
    Object.entries(ads).map(([key, ad]) => [key, (ad as { visibility_score: number }).visibility_score]),
  );
  return {
    // visibility_score is left out: the score job (every 5 minutes) recomputes it from the counts a chat queued, so
    // whether it has run between the two reads depends on the clock, not on the backup. The boost's effect on it is
    // checked on its own (`scores`), the boost itself through the boosted list and the subscriptions.
    snapshot: withoutScores({
      ads,
      images,
      mine,
      boosted: boosted.data.map((ad) => ad.id),
      chatList,
      chats,
      payments,
      subscriptions,
    }),
    scores,
    counts: {
      ads: Object.keys(ads).length,
      images: Object.keys(images).length,
      chats: chatList.data.length,
      messages,
      payments: payments.data.length,
      subscriptions: subscriptions.data.length,
    },
  };
}

/** `value` without any `visibility_score` field, at any depth. */
const withoutScores = <T>(value: T): T =>
  JSON.parse(JSON.stringify(value, (key, field: unknown) => (key === "visibility_score" ? undefined : field))) as T;

/** Every place where `after` is not `before`, as "path: before → after" lines. */
function differences(before: unknown, after: unknown, at = "$"): string[] {
  if (typeof before === "object" && before !== null && typeof after === "object" && after !== null) {
    if (Array.isArray(before) !== Array.isArray(after)) return [`${at}: ${show(before)} → ${show(after)}`];
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    return [...keys].flatMap((key) =>
      differences(
        (before as Record<string, unknown>)[key],
        (after as Record<string, unknown>)[key],
        Array.isArray(before) ? `${at}[${key}]` : `${at}.${key}`,
      ),
    );
  }
  return Object.is(before, after) ? [] : [`${at}: ${show(before)} → ${show(after)}`];
}
const show = (value: unknown) => (value === undefined ? "(missing)" : JSON.stringify(value).slice(0, 200));

describeNeeding(needs, "the restore drill (docs/operations/backups.md)", {}, () => {
  beforeAll(() => {
    drill.work = temporaryDataDir("restore-drill");
    drill.admin = postgres(inject("databaseUrlPattern").replace("{database}", "postgres"), {
      max: 1,
      onnotice: () => {},
    });
  });

  afterAll(async () => {
    for (const server of drill.servers) {
      server.child.kill("SIGKILL");
      await server.exited;
    }
    for (const database of drill.databases) {
      await drill.admin?.unsafe(`drop database if exists "${database}" with (force)`);
    }
    await drill.admin?.end();
    drill.work?.remove();
  });

  it("restores a pg_dump and a copy of the media folder into a fresh database and folder that answer the same", async () => {
    const started = Date.now();
    const timings: string[] = [];
    const lap = (step: string, since: number) => timings.push(`${step} ${((Date.now() - since) / 1000).toFixed(1)} s`);
    const admin = drill.admin!;
    const work = drill.work!.path;
    // Named after the run's template, so the run's teardown drops what a crash here leaves behind.
    const name = (role: string) => inject("templateDatabase").replace("template", `restore_${role}`);
    const original = { database: name("original"), dataDir: path.join(work, "original") };
    const restored = { database: name("restored"), dataDir: path.join(work, "restored") };
    const backup = { dump: path.join(work, "backup", "waterside.dump"), media: path.join(work, "backup", "media.tar") };
    const urlOf = (database: string) => inject("databaseUrlPattern").replace("{database}", database);
    mkdirSync(path.dirname(backup.dump), { recursive: true });

    // 1. A database and data folder with what a first start leaves (the schema, the reference data and its pictures),
    //    copied from the run's template and media folder: migrating and drawing them again would cost ~8 s here.
    let step = Date.now();
    drill.databases.push(original.database);
    await admin.unsafe(`create database "${original.database}" template "${inject("templateDatabase")}"`);
    const copy = postgres(urlOf(original.database), { max: 1 });
    const pictures = await copy<Array<{ image: string }>>`
      select image from categories where image is not null
      union all select image from subcategories where image is not null`;
    await copy.end();
    for (const { image } of pictures) {
      const file = singleImageFile(image);
      cpSync(path.join(inject("mediaDir"), file), path.join(original.dataDir, "media", file));
    }
    const first = await start(original.database, original.dataDir);
    lap("first start", step);

    step = Date.now();
    const written = await writeThroughTheApi(first);
    const before = await readBack(first, written, written.seller.token);
    lap("writing and reading through the API", step);
    // The drill would prove little if there were little to compare.
    expect(before.counts).toMatchObject({ ads: 2, chats: 1, messages: 3, payments: 1, subscriptions: 1 });
    expect(before.counts.images).toBeGreaterThanOrEqual(2 * 2 * IMAGE_VARIANTS.length);
    expect(before.snapshot.boosted).toEqual([written.boostedAdId]);
    const [boostedKey, plainKey] = written.adIds.map((id) => `ad ${id}`) as [string, string];
    expect(before.scores[boostedKey]).toBeGreaterThan(before.scores[plainKey]!);
    await stop(first);

    // 2. The backup, as docs/operations/backups.md gives it.
    step = Date.now();
    await run(PG_DUMP, ["--format=custom", "--file", backup.dump, urlOf(original.database)]);
    await run("tar", ["-C", original.dataDir, "-cf", backup.media, "media"]);
    lap("backup (pg_dump -Fc, tar)", step);

    // 3. The originals are gone.
    await admin.unsafe(`drop database "${original.database}" with (force)`);
    rmSync(original.dataDir, { recursive: true });

    // 4. The restore: database first, then media, then the app (of the same version) on them.
    step = Date.now();
    drill.databases.push(restored.database);
    await admin.unsafe(`create database "${restored.database}"`);
    await run(PG_RESTORE, ["--no-owner", "--exit-on-error", "--dbname", urlOf(restored.database), backup.dump]);
    mkdirSync(restored.dataDir);
    await run("tar", ["-C", restored.dataDir, "-xf", backup.media]);
    lap("restore (pg_restore, tar)", step);

    step = Date.now();
    const second = await start(restored.database, restored.dataDir);
    lap("start on the restored copy", step);
    // The seller signs in with their password (the account came back), and the session from before still works
    // (same TOKEN_SECRET, sessions restored).
    const token = await signIn(second, written.seller.email);
    const after = await readBack(second, written, token);
    const stillSignedIn = await api(second, "/ads/mine", { token: written.seller.token });
    const found = differences(before.snapshot, after.snapshot);
    await stop(second);

    const counts = after.counts;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      [
        `restore drill: compared ads ${counts.ads}, images ${counts.images} (every variant's bytes), chats ${counts.chats}, ` +
          `messages ${counts.messages}, payments ${counts.payments}, boosts ${counts.subscriptions}: ` +
          `differences ${found.length}, in ${seconds} s`,
        `  ${timings.join("; ")}`,
        ...found.slice(0, 20).map((line) => `  DIFFERENT ${line}`),
      ].join("\n"),
    );
    expect(found).toEqual([]);
    expect(counts).toEqual(before.counts);
    // The boost still ranks the ad above the other; the score job may since have added the chat's contact to it.
    expect(after.scores[boostedKey]).toBeGreaterThanOrEqual(before.scores[boostedKey]!);
    expect(after.scores[boostedKey]).toBeGreaterThan(after.scores[plainKey]!);
    expect(withoutScores(stillSignedIn.data)).toEqual(before.snapshot.mine);
  }, 120_000);
});

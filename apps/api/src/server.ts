import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BRAND } from "@waterside/shared/brand";
import { buildApp } from "./app.ts";
import { loadConfigOrExit } from "./config.ts";
import { openConfiguredDatabase } from "./db/database.ts";
import { DEMO_ACCOUNTS, DEMO_ADMIN, DEMO_PASSWORD, seedDemoData } from "./db/seed/seed-demo.ts";
import { ensureAdmin } from "./modules/admin-auth/create-admin.ts";
import { seedReferenceData } from "./db/seed/seed-reference.ts";
import { createLocalStorage } from "./lib/storage.ts";
import { registerWebApp } from "./plugins/web-app.ts";

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web");
const say = (line: string) => process.stdout.write(`${line}\n`);

async function main() {
  const config = loadConfigOrExit();
  const dev = process.argv.includes("--dev");
  mkdirSync(config.mediaDir, { recursive: true });

  const database = await openConfiguredDatabase(config, say);

  const storage = createLocalStorage(config.mediaDir);
  const reference = await seedReferenceData(database.db, storage);
  if (reference.seeded.length) say(`Seeded reference data: ${reference.seeded.join(", ")}.`);
  if (config.seedDemo) {
    const demo = await seedDemoData(database.db, storage, { ads: config.demoAds, log: say });
    if (demo.seeded) say(`Seeded demo data: ${DEMO_ACCOUNTS.length} users, ${config.demoAds} ads.`);
  }

  if (config.bootstrapAdmin && (await ensureAdmin(database.db, { ...config.bootstrapAdmin, name: "Admin" }))) {
    say(`Created admin ${config.bootstrapAdmin.email}.`);
  }

  const app = await buildApp({
    config,
    db: database.db,
    storage,
    logger: { level: config.logLevel },
  });
  await registerWebApp(app, { webRoot, dev, publicUrl: config.publicUrl });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`\n${signal}: stopping ${BRAND}…`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));

  await app.listen({ host: config.host, port: config.port });
  const url = config.publicUrl;
  const banner = [
    `\n${BRAND} is running at ${url}${dev ? " (development, hot reload)" : ""}`,
    `API docs: ${url}/api/docs`,
  ];
  if (config.seedDemo) {
    banner.push(`Demo accounts (password "${DEMO_PASSWORD}"):`);
    banner.push(`  ${DEMO_ADMIN.email.padEnd(30)} admin       (admin API: /api/admin/auth/login)`);
    for (const account of DEMO_ACCOUNTS) {
      banner.push(`  ${account.email.padEnd(30)} ${account.business ? "business  " : "individual"}  ${account.name}`);
    }
  }
  say(banner.join("\n"));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${BRAND} failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});

/**
 * Runs every benchmark in this folder, one after the other, each printing its own figures.
 * They run from the repository root, so DATA_DIR and DATABASE_URL mean what they mean for `npm start`.
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";

const benches = readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith(".bench.ts"))
  .sort();
let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  const run = spawnSync(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, file)], {
    cwd: path.resolve(import.meta.dirname, ".."),
    stdio: "inherit",
    env: process.env,
  });
  if (run.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);

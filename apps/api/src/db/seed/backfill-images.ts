/**
 * `npm run images:backfill [-- --after ID]`: gives every stored ad picture the sizes it lacks and its photo hash, on the configured
 * database and storage (DATABASE_URL or DATA_DIR; local disk or S3_BUCKET), as the server sees them. Run it once
 * before starting a version that adds a size, and once more after (pictures posted meanwhile); running it again
 * writes nothing new. A run that stops says which `--after` resumes it (decision 006).
 */
import { parseArgs } from "node:util";
import { loadConfigOrExit } from "../../config.ts";
import { createStorage } from "../../lib/storage.ts";
import { openConfiguredDatabase } from "../database.ts";
import { BackfillStoppedError, backfillAdImageSizes } from "./ad-image-sizes.ts";

const { values } = parseArgs({ options: { after: { type: "string", default: "0" } } });
const after = Number(values.after);
if (!Number.isInteger(after) || after < 0) {
  process.stderr.write(
    "Usage: npm run images:backfill [-- --after ID] (ID: the last image id a stopped run reported)\n",
  );
  process.exit(1);
}

const say = (line: string) => process.stdout.write(`${line}\n`);
const config = loadConfigOrExit();
const database = await openConfiguredDatabase(config, say);
const started = Date.now();
try {
  say(`Completing the sizes of stored ad pictures${after ? ` after image ${after}` : ""}…`);
  const result = await backfillAdImageSizes(database.db, createStorage(config), { after, log: say });
  say(
    `Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${result.checked} pictures checked, ` +
      `${result.completed} given missing sizes, ${result.hashed} given their photo hash, ` +
      `${result.withoutLarge.length} without a large size (skipped).`,
  );
} catch (error) {
  if (!(error instanceof BackfillStoppedError)) throw error;
  process.stderr.write(`${error.message}\nRun again with --after ${error.lastId} to resume.\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}

/**
 * `npm run admin:create -- --email a@b.lr --password '…' [--name 'Jane Admin']`: the first admin of a
 * fresh installation, on the configured database (DATABASE_URL, else the embedded one under DATA_DIR).
 */
import { parseArgs } from "node:util";
import { PASSWORD_MIN_LENGTH } from "@waterside/shared/auth-messages";
import { loadConfigOrExit } from "../../config.ts";
import { ensureAdmin } from "../../modules/admin-auth/create-admin.ts";
import { openConfiguredDatabase } from "../database.ts";

const { values } = parseArgs({
  options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string", default: "Admin" } },
});
if (!values.email || !values.password || values.password.length < PASSWORD_MIN_LENGTH) {
  process.stderr.write(
    `Usage: npm run admin:create -- --email EMAIL --password PASSWORD (${PASSWORD_MIN_LENGTH}+ characters) [--name NAME]\n`,
  );
  process.exit(1);
}

const database = await openConfiguredDatabase(loadConfigOrExit(), (line) => process.stdout.write(`${line}\n`));
try {
  const created = await ensureAdmin(database.db, { email: values.email, password: values.password, name: values.name });
  process.stdout.write(
    created ? `Admin ${values.email} created.\n` : `An admin with email ${values.email} already exists.\n`,
  );
} finally {
  await database.close();
}

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Which tables a module's source writes and reads, read from the text: what the architecture test holds against the
 * owners of the tables (docs/architecture.md, "One owner per table"). It reads the two ways this code reaches a
 * table: Drizzle calls on an imported table (`tx.update(ads)`, `db.select().from(users)`) and SQL in template strings
 * (`update ads a set …`, `delete from ${ratings}`, `join users u`). A write whose table the text does not name (a
 * table chosen at run time, `update ${sql.raw(table)}`) is reported as unresolved, so it cannot slip past unseen.
 */

export const apiSource = path.resolve(import.meta.dirname, "..");

export interface SchemaTables {
  /** SQL name → schema file it is declared in ("ads.ts"). */
  fileOf: Map<string, string>;
  /** "<schema file>:<exported name>" → SQL name. */
  byExport: Map<string, string>;
}

/** Every table of db/schema/*.ts, by SQL name and by exported name. */
export function readSchemaTables(schemaDir = path.join(apiSource, "db/schema")): SchemaTables {
  const fileOf = new Map<string, string>();
  const byExport = new Map<string, string>();
  for (const file of readdirSync(schemaDir).filter((name) => name.endsWith(".ts"))) {
    const text = readFileSync(path.join(schemaDir, file), "utf8");
    for (const [, exported, table] of text.matchAll(/export const (\w+) = pgTable\(\s*"(\w+)"/g)) {
      fileOf.set(table!, file);
      byExport.set(`${file}:${exported}`, table!);
    }
  }
  return { fileOf, byExport };
}

/** The API's module source files (tests excluded), as paths relative to apps/api/src. */
export function moduleSourceFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
  return walk(path.join(apiSource, "modules"))
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .map((file) => path.relative(apiSource, file));
}

/** "modules/<module>/…" → "<module>". */
export const moduleOf = (file: string) => file.split("/")[1]!;

export interface TableAccess {
  writes: Array<{ table: string; how: string }>;
  reads: Set<string>;
  /** Writes whose table the text does not name: the expression written in its place. */
  unresolved: string[];
}

/** Comments go first: they may quote SQL without running it. URLs in strings keep their "//". */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|\s)\/\/.*$/gm, "$1");

/** Receivers of Drizzle writes in this code: a database, a transaction or an executor passed in. */
const DRIZZLE_WRITE = /\b(db|tx|executor|database)\s*\.\s*(insert|update|delete)\(\s*([^)]*?)\s*\)/g;
const SQL_WRITE =
  /\b(insert\s+into|delete\s+from|update)\s+(?:\$\{([^}]*)\}|(\w+))(?=(?:\s+(?:as\s+)?\w+)?\s+(?:set|\(|values|select|where|returning|using|as|default)\b|\s*\()/gi;
const SQL_READ = /\b(?:from|join)\s+(\w+)/gi;

/** What one source file writes and reads. */
export function tableAccess(text: string, schema: SchemaTables): TableAccess {
  const source = withoutComments(text);
  // Tables imported from db/schema (type-only imports name no table at run time).
  const imported = new Map<string, string>();
  const imports = /import\s*\{([^}]*)\}\s*from\s*"[^"]*\/db\/schema\/([\w-]+\.ts)"/g;
  for (const [, names, file] of source.matchAll(imports)) {
    for (const part of names!.split(",").map((name) => name.trim())) {
      if (!part || part.startsWith("type ")) continue;
      const [exported, local] = part.split(/\s+as\s+/);
      const table = schema.byExport.get(`${file}:${exported}`);
      if (table) imported.set(local ?? exported!, table);
    }
  }

  const writes: TableAccess["writes"] = [];
  const unresolved: string[] = [];
  for (const [, verb, target] of source.matchAll(/\.\s*(insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    const table = imported.get(target!);
    if (table) writes.push({ table, how: `${verb}(${target})` });
  }
  // A database or transaction writing something that is not an imported table: a table picked at run time.
  for (const [call, , , target] of source.matchAll(DRIZZLE_WRITE)) {
    if (!imported.has(target!)) unresolved.push(call.replace(/\s+/g, " "));
  }
  for (const [statement, verb, expression, name] of source.matchAll(SQL_WRITE)) {
    const how = verb!.toLowerCase().replace(/\s+/g, " ");
    if (name !== undefined) {
      if (schema.fileOf.has(name)) writes.push({ table: name, how: `${how} ${name}` });
    } else {
      const table = imported.get(expression!.trim());
      if (table) writes.push({ table, how: `${how} \${${expression!.trim()}}` });
      else unresolved.push(statement.replace(/\s+/g, " "));
    }
  }

  const reads = new Set(imported.values());
  for (const [, name] of source.matchAll(SQL_READ)) if (schema.fileOf.has(name!)) reads.add(name!);
  return { writes, reads, unresolved };
}

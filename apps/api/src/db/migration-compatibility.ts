/**
 * The rule a migration keeps so the previous release's code runs on the schema it leaves (docs/operations/deploy.md,
 * "Migrations across a rollout"): in one release, only additions. Checked on the SQL text of the committed files by
 * migration-compatibility.test.ts, which is a reviewer's aid, not a proof: it reads statements, not the code that
 * uses them.
 */

/** The comment that lets one statement break the rule, once reviewed: `-- previous-release-safe: <why>`. */
export const EXCEPTION_MARKER = "previous-release-safe:";

export interface Finding {
  /** The statement as written, on one line. */
  statement: string;
  problem: string;
}

interface Statement {
  /** Without comments and function bodies, on one line. */
  sql: string;
  /** The comments written before it since the previous statement. */
  comments: string;
}

/**
 * The statements of a migration file with the comments before each. Function bodies ($$ … $$) are left out: what
 * a trigger does at run time is not a change of the schema.
 */
export function statementsOf(text: string): Statement[] {
  const statements: Statement[] = [];
  let sql = "";
  let comments = "";
  let index = 0;
  while (index < text.length) {
    if (text.startsWith("--", index)) {
      const end = text.indexOf("\n", index);
      const line = text.slice(index, end === -1 ? text.length : end);
      // drizzle-kit's separator is a comment too, and says nothing.
      if (!line.startsWith("--> statement-breakpoint")) comments += `${line}\n`;
      index = end === -1 ? text.length : end + 1;
    } else if (text[index] === "$") {
      const tag = /^\$\w*\$/.exec(text.slice(index))?.[0];
      if (!tag) {
        sql += "$";
        index++;
        continue;
      }
      const end = text.indexOf(tag, index + tag.length);
      sql += " $body$ ";
      index = end === -1 ? text.length : end + tag.length;
    } else if (text[index] === "'") {
      const end = text.indexOf("'", index + 1);
      sql += text.slice(index, end === -1 ? text.length : end + 1);
      index = end === -1 ? text.length : end + 1;
    } else if (text[index] === ";") {
      if (sql.trim()) statements.push({ sql: sql.replace(/\s+/g, " ").trim(), comments });
      sql = "";
      comments = "";
      index++;
    } else {
      sql += text[index];
      index++;
    }
  }
  if (sql.trim()) statements.push({ sql: sql.replace(/\s+/g, " ").trim(), comments });
  return statements;
}

const identifier = String.raw`"[^"]+"|[\w]+`;
const unquote = (name: string) => name.replace(/^"|"$/g, "");
/** `"public"."ads"` or `ads` → `ads`. */
const tableName = (name: string) => unquote(name.split(".").pop()!.trim());

/** Every statement of the file that the previous release's code may not survive, with the reason. */
export function incompatibleStatements(text: string): Finding[] {
  const statements = statementsOf(text);
  const created = new Set<string>();
  /** `table.column` added or given a default in this file. */
  const added = new Set<string>();
  const defaulted = new Set<string>();
  for (const { sql } of statements) {
    const create = new RegExp(
      String.raw`^CREATE TABLE (?:IF NOT EXISTS )?((?:${identifier})(?:\.(?:${identifier}))?)`,
      "i",
    ).exec(sql);
    if (create) created.add(tableName(create[1]!));
    const alter = new RegExp(
      String.raw`^ALTER TABLE (?:ONLY )?(?:IF EXISTS )?((?:${identifier})(?:\.(?:${identifier}))?) (.*)$`,
      "i",
    ).exec(sql);
    if (!alter) continue;
    const table = tableName(alter[1]!);
    for (const action of splitActions(alter[2]!)) {
      const column = new RegExp(String.raw`^ADD (?:COLUMN )?(?:IF NOT EXISTS )?(${identifier})(.*)$`, "i").exec(action);
      if (column && !/^(CONSTRAINT|PRIMARY|UNIQUE|CHECK|FOREIGN|EXCLUDE)\b/i.test(column[1]!)) {
        added.add(`${table}.${unquote(column[1]!)}`);
        if (/\bDEFAULT\b|\bGENERATED\b/i.test(column[2]!)) defaulted.add(`${table}.${unquote(column[1]!)}`);
      }
      const setDefault = new RegExp(String.raw`^ALTER (?:COLUMN )?(${identifier}) SET DEFAULT\b`, "i").exec(action);
      if (setDefault) defaulted.add(`${table}.${unquote(setDefault[1]!)}`);
    }
  }

  const findings: Finding[] = [];
  for (const { sql, comments } of statements) {
    const problems = problemsOf(sql, { created, added, defaulted });
    const exception = comments.split("\n").some((line) => {
      const at = line.indexOf(EXCEPTION_MARKER);
      return at !== -1 && line.slice(at + EXCEPTION_MARKER.length).trim().length > 0;
    });
    if (exception) continue;
    for (const problem of problems) findings.push({ statement: sql, problem });
  }
  return findings;
}

/** ALTER TABLE's comma-separated actions, commas inside parentheses kept. */
function splitActions(actions: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of actions) {
    if (char === "(") depth++;
    if (char === ")") depth--;
    if (char === "," && depth === 0) {
      parts.push(current.trim());
      current = "";
    } else current += char;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

function problemsOf(sql: string, file: { created: Set<string>; added: Set<string>; defaulted: Set<string> }): string[] {
  const problems: string[] = [];
  if (/^DROP TABLE\b/i.test(sql)) problems.push("drops a table the previous release still reads");
  if (/^DROP (MATERIALIZED )?VIEW\b/i.test(sql)) problems.push("drops a view the previous release still reads");
  if (/^ALTER (TABLE|VIEW|MATERIALIZED VIEW) .* RENAME\b/i.test(sql))
    problems.push("renames what the previous release still names");
  if (/^CREATE UNIQUE INDEX\b/i.test(sql)) {
    const on = new RegExp(
      String.raw`\bON (?:ONLY )?((?:${identifier})(?:\.(?:${identifier}))?)(?: USING \w+)? ?\((.*)$`,
      "i",
    ).exec(sql);
    if (on && !coversOnlyNew(tableName(on[1]!), on[2]!, file))
      problems.push("adds a unique index on existing columns: the previous release's writes may break it");
  }

  const alter = new RegExp(
    String.raw`^ALTER TABLE (?:ONLY )?(?:IF EXISTS )?((?:${identifier})(?:\.(?:${identifier}))?) (.*)$`,
    "i",
  ).exec(sql);
  if (!alter) return problems;
  const table = tableName(alter[1]!);
  for (const action of splitActions(alter[2]!)) {
    const column = (pattern: string) =>
      new RegExp(String.raw`^ALTER (?:COLUMN )?(${identifier}) ${pattern}`, "i").exec(action);
    if (/^DROP (COLUMN )?(?!CONSTRAINT\b)/i.test(action))
      problems.push("drops a column the previous release still reads or writes");
    if (column(String.raw`(SET DATA )?TYPE\b`)) problems.push("changes a column's type under the previous release");
    if (column(String.raw`DROP DEFAULT\b`)) problems.push("drops a default the previous release's inserts may rely on");
    const notNull = column(String.raw`SET NOT NULL\b`);
    if (notNull && !file.defaulted.has(`${table}.${unquote(notNull[1]!)}`))
      problems.push("makes a column NOT NULL without a default in this file: the previous release's inserts omit it");
    const add = new RegExp(String.raw`^ADD (?:COLUMN )?(?:IF NOT EXISTS )?(${identifier})(.*)$`, "i").exec(action);
    const isConstraint = add && /^(CONSTRAINT|PRIMARY|UNIQUE|CHECK|FOREIGN|EXCLUDE)$/i.test(add[1]!);
    if (add && !isConstraint && /\bNOT NULL\b/i.test(add[2]!) && !/\bDEFAULT\b|\bGENERATED\b/i.test(add[2]!))
      problems.push("adds a NOT NULL column without a default: the previous release's inserts omit it");
    if (add && isConstraint && !file.created.has(table)) {
      const body = action.replace(new RegExp(String.raw`^ADD CONSTRAINT (?:${identifier}) `, "i"), "");
      // A foreign key's own columns are what it constrains; what it references is another table's.
      const own = /^FOREIGN KEY\s*\(([^)]*)\)/i.exec(body)?.[1] ?? body;
      if (!coversOnlyNew(table, own, file))
        problems.push("tightens a constraint on existing columns: the previous release's writes may break it");
    }
  }
  return problems;
}

/**
 * Whether every column `text` names (its quoted identifiers, the table's own name aside) is one this file adds or
 * whose table it creates: the previous release never writes those. Text naming no quoted column cannot be told
 * safe.
 */
function coversOnlyNew(table: string, text: string, file: { created: Set<string>; added: Set<string> }): boolean {
  if (file.created.has(table)) return true;
  const names = [...text.matchAll(/"([^"]+)"/g)]
    .map((match) => match[1]!)
    .filter((name) => name !== table && name !== "public");
  return names.length > 0 && names.every((name) => file.added.has(`${table}.${name}`));
}

import { Readable } from "node:stream";

type CsvCell = string | number | null;

/**
 * Text a spreadsheet would run as a formula (OWASP "CSV injection"): a cell starting with =, +, -, @, a tab or a
 * carriage return gets a leading single quote, so a user's ad title or name is shown as typed and never evaluated.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A spreadsheet may split the file on another separator than ours (`;` where the decimal mark is a comma, a tab,
 * `|`) or on a line break inside a quoted cell; then a cell starts after any of them, past spaces and quotes, and
 * `ok;=1+1` would be the cell `=1+1` (issue 24). A formula character there gets the single quote too.
 */
const FORMULA_AFTER_SEPARATOR = /([,;|\t\r\n][ "]*|^[ "]+)(?=[=+\-@])/g;

/**
 * One cell: text always quoted (RFC 4180, quotes doubled), so its separators never split it for a reader that
 * follows the quotes, and defused for one that does not; numbers the server writes as they are; empty for null.
 */
export function csvCell(value: CsvCell): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const defused = (FORMULA_START.test(value) ? `'${value}` : value).replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return `"${defused.replace(/"/g, '""')}"`;
}

/** One record, ended with CRLF as RFC 4180 writes it. */
export const csvRecord = (cells: CsvCell[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** Rows read per query: a few hundred kilobytes of CSV. */
export const CSV_BATCH = 1000;

/**
 * A CSV file read in batches by keyset (newest first, each batch below the last id read), so memory holds one batch
 * whatever the size of the table; the next batch is read only when the client has taken the last one. It starts
 * with a byte order mark: without it, Excel reads UTF-8 as the local code page and garbles names.
 */
export function csvStream<Row extends { id: number }>(
  header: string[],
  readBatch: (beforeId: number | undefined, limit: number) => Promise<Row[]>,
  cells: (row: Row) => CsvCell[],
): Readable {
  async function* lines() {
    yield `\uFEFF${csvRecord(header)}`;
    let beforeId: number | undefined;
    for (;;) {
      const rows = await readBatch(beforeId, CSV_BATCH);
      if (rows.length > 0) yield rows.map((row) => csvRecord(cells(row))).join("");
      if (rows.length < CSV_BATCH) return;
      beforeId = rows[rows.length - 1]!.id;
    }
  }
  return Readable.from(lines());
}

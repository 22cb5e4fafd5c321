import { Readable } from "node:stream";

type CsvCell = string | number | null;

/**
 * Text a spreadsheet would run as a formula (=, +, -, @) or that starts with a tab or carriage return: prefixed with
 * a single quote, so a user's ad title or name is shown as typed and never evaluated (OWASP "CSV injection").
 * Numbers the server writes are left alone.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: quoted (RFC 4180) when it holds a comma, a double quote or a line break; empty for null. */
export function csvCell(value: CsvCell): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
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

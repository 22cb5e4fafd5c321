/**
 * PostgreSQL array literals, each sent as one text parameter and cast in the statement (`${intArray(ids)}::int[]`, then
 * `unnest`): the statement's text is the same whatever the number of values, so a connection prepares it once and
 * sends it in one round trip from then on. A list of values (`values ($1, $2), ($3, $4) …`) is a new statement at
 * each length: postgres.js describes it first (a round trip of its own, which also stops the connection's pipeline),
 * and every length stays prepared on the connection and in its server process.
 */
export const intArray = (values: Iterable<number | null>) =>
  `{${Array.from(values, (value) => (value === null ? "NULL" : String(value))).join(",")}}`;

/** Texts quoted whole: inside the quotes only a quote and a backslash are escaped, so any text comes back as it was. */
export const textArray = (values: ReadonlyArray<string | null>) =>
  `{${values.map((value) => (value === null ? "NULL" : `"${value.replace(/["\\]/g, "\\$&")}"`)).join(",")}}`;

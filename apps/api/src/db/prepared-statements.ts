import type postgres from "postgres";

/**
 * The client Drizzle is given, with every statement prepared on its connection (decision 112). Drizzle runs ordinary
 * queries through postgres.js' `unsafe(text, params, { prepare: false })`, and postgres.js sends an unprepared
 * statement with parameters in two round trips, its description first (drizzle-orm issue #6096): every query paid a
 * round trip and two writes more than it needs. Prepared, a connection describes a statement text once and then sends
 * each run in one write. Transactions and savepoints hand Drizzle clients of their own, wrapped the same way.
 */
export function preparingEveryStatement<T extends postgres.Sql | postgres.TransactionSql>(client: T): T {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "unsafe") {
        return (text: string, parameters?: unknown[], options?: object) =>
          target.unsafe(text, parameters as postgres.ParameterOrJSON<never>[], { ...options, prepare: true });
      }
      if (property === "begin" || property === "savepoint") {
        const open = Reflect.get(target, property, receiver) as (...args: unknown[]) => Promise<unknown>;
        return (...args: unknown[]) => {
          const body = args.pop() as (scoped: postgres.TransactionSql) => unknown;
          return open.call(target, ...args, (scoped: postgres.TransactionSql) => body(preparingEveryStatement(scoped)));
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

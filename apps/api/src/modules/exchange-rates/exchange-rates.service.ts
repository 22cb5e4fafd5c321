import {
  EXCHANGE_RATE_MESSAGES,
  type TAdminExchangeRate,
  type TExchangeRate,
  type TSetExchangeRate,
} from "@waterside/shared/exchange-rates";
import type { Database } from "../../db/database.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import type { RecordChange } from "../../lib/recorded-change.ts";
import { HttpError, notFound } from "../../plugins/errors.ts";
import { announceRateChanged, countRates, findRates, insertRate, lockRateHistory } from "./exchange-rates.queries.ts";
import { createLatestRateReader, findLatestRate } from "./latest-rate.ts";

type RateRow = Awaited<ReturnType<typeof findRates>>[number];

const forAdmins = (row: RateRow): TAdminExchangeRate => ({
  id: row.id,
  usd_lrd: row.usd_lrd,
  note: row.note,
  previous_usd_lrd: row.previous_usd_lrd,
  admin: row.admin_id === null || row.admin_name === null ? null : { id: row.admin_id, name: row.admin_name },
  created_at: row.created_at.toISOString(),
});

/**
 * The US$→L$ rate (issue 30, decision 086), owner of exchange_rates: admins set it from the Central Bank of Liberia's
 * daily figure, each change a new row (the history) audited in its transaction; everyone reads the rate in force.
 */
export function createExchangeRatesService({ db, events }: { db: Database; events: DomainEvents }) {
  const latestRate = createLatestRateReader(db);

  return {
    /** The rate in force; 404 before any is set. */
    async latest(): Promise<TExchangeRate> {
      const rate = await latestRate();
      if (!rate) throw new HttpError(404, EXCHANGE_RATE_MESSAGES.noRate);
      return { usd_lrd: rate.usd_lrd, updated_at: rate.created_at.toISOString() };
    },

    /**
     * A new rate in force, set by this admin. Its audit record (what it replaced, what it is, where it comes from),
     * the `exchange-rate.changed` event's reactions and the announcement to the other processes commit with it or not
     * at all.
     */
    async setRate(adminId: number, input: TSetExchangeRate, record: RecordChange): Promise<TAdminExchangeRate> {
      const note = input.note ?? "";
      const id = await events.transaction(db, async (tx, publish) => {
        await lockRateHistory(tx);
        const replaced = await findLatestRate(tx);
        const rateId = await insertRate(tx, { usd_lrd: input.usd_lrd, note, admin_id: adminId });
        await record(tx, {
          action: "exchange_rate.set",
          targetType: "exchange_rate",
          targetId: rateId,
          before: replaced ? { usd_lrd: replaced.usd_lrd } : undefined,
          after: { usd_lrd: input.usd_lrd, note },
        });
        await announceRateChanged(tx, input.usd_lrd);
        await publish("exchange-rate.changed", { usd_lrd: input.usd_lrd });
        return rateId;
      });
      // This process answers with the new rate at once; the others when the announcement reaches them.
      latestRate.forget();
      const [row] = await findRates(db, { limit: 1, offset: 0, id });
      if (!row) throw notFound("Exchange rate");
      return forAdmins(row);
    },

    /** One page of the history, newest first. */
    async history({ page, perPage }: { page: number; perPage: number }) {
      const [rows, total] = await Promise.all([
        findRates(db, { limit: perPage, offset: (page - 1) * perPage }),
        countRates(db),
      ]);
      return { rows: rows.map(forAdmins), total };
    },
  };
}

export type ExchangeRatesService = ReturnType<typeof createExchangeRatesService>;

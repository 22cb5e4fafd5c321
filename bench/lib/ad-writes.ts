import type { Sql } from "postgres";
import { AD_STATUS } from "../../packages/shared/src/reference-ids.ts";

const EDITED = " (edited)";

/**
 * Sellers at work while a route is measured: at `perSecond`, in turn, an ad is posted (a copy of a random active
 * ad), one edited (its title) and one hidden, each in its own statement as the API writes them, so PostgreSQL
 * announces each to the caches (decision 056). `stop` ends the writes and undoes them all.
 */
export async function startAdWrites(sql: Sql, perSecond: number) {
  const [{ max_id: maxId }] = (await sql`select max(id)::int as max_id from ads`) as unknown as [{ max_id: number }];
  // Every column but the id, so a posted ad is a full copy (its words, tokens and price) of an existing one.
  const [{ columns }] = (await sql`
    select string_agg(quote_ident(column_name), ', ' order by ordinal_position) as columns
    from information_schema.columns
    where table_name = 'ads' and column_name <> 'id' and is_generated = 'NEVER'`) as unknown as [{ columns: string }];
  const posted: number[] = [];
  const edited: number[] = [];
  const hidden: number[] = [];
  const randomActiveAd = async () => {
    const [row] = await sql<Array<{ id: number }>>`
      select id from ads where id >= ${1 + Math.floor(Math.random() * maxId)} and status_id = ${AD_STATUS.active}
      order by id limit 1`;
    return row?.id;
  };
  const writes = [
    async () => {
      const [row] = await sql.unsafe<Array<{ id: number }>>(
        `insert into ads (${columns}) select ${columns} from ads where id = $1 returning id`,
        [(await randomActiveAd())!],
      );
      if (row) posted.push(row.id);
    },
    async () => {
      const id = await randomActiveAd();
      await sql`update ads set title = title || ${EDITED}, updated_at = now() where id = ${id!}`;
      edited.push(id!);
    },
    async () => {
      const id = await randomActiveAd();
      await sql`update ads set status_id = ${AD_STATUS.hidden} where id = ${id!}`;
      hidden.push(id!);
    },
  ];
  let count = 0;
  let failed = 0;
  const timer = setInterval(() => {
    writes[count++ % writes.length]!().catch(() => failed++);
  }, 1000 / perSecond);

  return {
    async stop() {
      clearInterval(timer);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await sql`delete from ads where id = any(${posted})`;
      await sql`update ads set title = regexp_replace(title, '( \(edited\))+$', '') where id = any(${edited})`;
      await sql`update ads set status_id = ${AD_STATUS.active} where id = any(${hidden})`;
      return { writes: count, failed };
    },
  };
}

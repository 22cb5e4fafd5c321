import { AD_FLAG_LABELS, type TAdFlag, type TAdFlagReason } from "@waterside/shared/ad-screening";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";

/**
 * The flags of the given ads, oldest first, as the moderation queue shows them (issue 28, decision 079): each with
 * its label and, for a duplicate photo, the other seller's ad so the admin can act on both. One indexed read
 * (ad_flags_unique leads with ad_id) for a page of ads.
 */
export async function loadAdFlags(db: Database, adIds: number[]): Promise<Map<number, TAdFlag[]>> {
  const flags = new Map<number, TAdFlag[]>();
  if (adIds.length === 0) return flags;
  const rows = await db.execute<{
    ad_id: number;
    id: number;
    reason: TAdFlagReason;
    detail: string;
    other_ad: TAdFlag["other_ad"];
    created_at: string;
  }>(sql`
    select f.ad_id, f.id, f.reason, f.detail, f.created_at,
      case when o.id is null then null else json_build_object(
        'id', o.id, 'title', o.title,
        'status', json_build_object('id', s.id, 'name', s.name),
        'user', json_build_object('id', u.id, 'name', u.name)) end as other_ad
    from ad_flags f
    left join ads o on o.id = f.other_ad_id
    left join ad_statuses s on s.id = o.status_id
    left join users u on u.id = o.user_id
    where f.ad_id in ${adIds}
    order by f.ad_id, f.created_at, f.id`);
  for (const row of rows) {
    const list = flags.get(row.ad_id) ?? [];
    list.push({
      id: row.id,
      reason: row.reason,
      label: AD_FLAG_LABELS[row.reason],
      detail: row.detail,
      other_ad: row.other_ad,
      created_at: new Date(row.created_at).toISOString(),
    });
    flags.set(row.ad_id, list);
  }
  return flags;
}

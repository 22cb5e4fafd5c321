import { sql } from "drizzle-orm";
import type { TAdminAdExportFilters, TAdminUsersExportQuery } from "@waterside/shared/admin";
import type { Database } from "../../db/database.ts";
import { usdPriceOf } from "../exchange-rates/latest-rate.ts";
import { adConditions } from "./admin-ads.queries.ts";
import { whereAll } from "./admin-paging.ts";
import { userConditions } from "./admin-users.queries.ts";

type UserExportRow = {
  id: number;
  name: string;
  email: string;
  phone_number: string | null;
  usertype: string;
  status: string;
  created_at: Date;
  ads_count: number;
};

/**
 * A batch of the users table as filtered, newest first, below `beforeId` (the last id of the batch before), with
 * their ads in every status.
 */
export function findUserExportBatch(
  db: Database,
  query: TAdminUsersExportQuery,
  beforeId: number | undefined,
  limit: number,
) {
  return db.execute<UserExportRow>(sql`
    select u.id, u.name, u.email, u.phone_number, ut.name as usertype, st.name as status, u.created_at,
      (select count(*)::int from ads a where a.user_id = u.id) as ads_count
    from users u
    join user_types ut on ut.id = u.usertype_id
    join user_statuses st on st.id = u.status_id
    where ${whereAll([userConditions(query), beforeId !== undefined && sql`u.id < ${beforeId}`])}
    order by u.id desc limit ${limit}`);
}

type AdExportRow = {
  id: number;
  title: string;
  price: string;
  status: string;
  category: string;
  subcategory: string;
  owner_id: number;
  owner_name: string;
  owner_email: string;
  location: string;
  created_at: Date;
  views: number;
};

/** A batch of the ads table as filtered, newest first, below `beforeId`, with their owner and all-time views. */
export function findAdExportBatch(
  db: Database,
  filters: TAdminAdExportFilters,
  beforeId: number | undefined,
  limit: number,
) {
  return db.execute<AdExportRow>(sql`
    select a.id, a.title, ${usdPriceOf("a")}::text as price, st.name as status, c.name as category, s.name as subcategory,
      u.id as owner_id, u.name as owner_name, u.email as owner_email, a.location, a.created_at,
      (select coalesce(sum(d.views), 0)::int from ad_daily_stats d where d.ad_id = a.id) as views
    from ads a
    join ad_statuses st on st.id = a.status_id
    join categories c on c.id = a.category_id
    join subcategories s on s.id = a.subcategory_id
    join users u on u.id = a.user_id
    where ${whereAll([adConditions(filters), beforeId !== undefined && sql`a.id < ${beforeId}`])}
    order by a.id desc limit ${limit}`);
}

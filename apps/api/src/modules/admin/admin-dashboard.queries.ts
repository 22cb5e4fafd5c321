import { sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/database.ts";

type Reader = Pick<Database | Transaction, "execute">;

/** Dashboard figures (spec §6 "/admin/dashboard"), read in one round of queries. */
export async function dashboardFigures(db: Reader, latestUsers: number, firstCategories: number) {
  const [counts] = await db.execute<{
    posts: number;
    users: number;
    ad_reports: number;
    user_reports: number;
    pending_reported: number;
    unreviewed: number;
  }>(sql`
    select
      (select count(*)::int from ads) as posts,
      (select count(*)::int from users where deleted_at is null) as users,
      (select count(*)::int from ad_reports where status_id = 1) as ad_reports,
      (select count(*)::int from user_reports where status_id = 1) as user_reports,
      (select count(*)::int from ads a where a.status_id = 1
        and exists (select 1 from ad_reports r where r.ad_id = a.id and r.status_id <> 3)) as pending_reported,
      (select count(*)::int from moderation_queue_ads where reviewed_at is null) as unreviewed`);
  const users = [
    ...(await db.execute<{
      id: number;
      name: string;
      email: string | null;
      profile_image: string | null;
      created_at: string;
    }>(sql`
      select id, name, email, profile_image, created_at from users where deleted_at is null
      order by created_at desc, id desc limit ${latestUsers}`)),
  ];
  const categories = [
    ...(await db.execute<{ id: number; name: string }>(sql`
      select id, name from categories order by position, id limit ${firstCategories}`)),
  ];
  const subs = categories.length
    ? [
        ...(await db.execute<{ id: number; name: string; category_id: number; ads_count: number }>(sql`
          select id, name, category_id, active_ads_count as ads_count from subcategories
          where category_id in ${categories.map((category) => category.id)} order by position, id`)),
      ]
    : [];
  return { counts: counts!, users, categories, subs };
}

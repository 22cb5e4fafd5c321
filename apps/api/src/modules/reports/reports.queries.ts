import { AD_STATUS, USER_STATUS } from "@waterside/shared/reference-ids";
import { REPORT_STATUS } from "@waterside/shared/reports-messages";
import { sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "../../db/database.ts";
import { adReports, userReports } from "../../db/schema/reports.ts";

type Reader = Pick<Database, "execute">;

/** The key space of the per-ad lock that serialises an ad's reports (any constant unused elsewhere). */
const AD_REPORTS_LOCK = 1401;

/** An ad page is open to the public: the ad is active and so are its category and subcategory. */
const adIsPublic = sql`(a.status_id = ${AD_STATUS.active} and s.active and c.active)`;
/** A profile is open to the public: the account is active and not deleted. */
const userIsPublic = sql`(u.status_id = ${USER_STATUS.active} and u.deleted_at is null)`;
/**
 * An open report (not Resolved), written as a literal so the planner matches the partial unique indexes
 * (`ad_reports_open_unique`, `user_reports_open_unique`), whose condition this is.
 */
const open = (alias = "") => sql.raw(`${alias}status_id <> ${REPORT_STATUS.resolved}`);

/** What decides whether `reporterId` may report an ad, in one round trip. Undefined for an unknown ad. */
export async function findAdReportTarget(db: Reader, adId: number, reporterId: number) {
  const [row] = await db.execute<{ owner_id: number; is_public: boolean; open_report_id: number | null }>(sql`
    select a.user_id as owner_id, ${adIsPublic} as is_public,
      (select r.id from ad_reports r where r.user_id = ${reporterId} and r.ad_id = a.id and ${open("r.")}) as open_report_id
    from ads a
    join subcategories s on s.id = a.subcategory_id
    join categories c on c.id = a.category_id
    where a.id = ${adId}`);
  return row;
}

/** The same for a user. Undefined for an unknown user. */
export async function findUserReportTarget(db: Reader, userId: number, reporterId: number) {
  const [row] = await db.execute<{ is_public: boolean; open_report_id: number | null }>(sql`
    select ${userIsPublic} as is_public,
      (select r.id from user_reports r
        where r.reporter_user_id = ${reporterId} and r.reported_user_id = u.id and ${open("r.")}) as open_report_id
    from users u where u.id = ${userId}`);
  return row;
}

/** The open report of this reporter about this ad, if any (the row a repeat is answered with). */
export async function findOpenAdReportId(db: Reader, adId: number, reporterId: number) {
  const [row] = await db.execute<{ id: number }>(sql`
    select id from ad_reports where user_id = ${reporterId} and ad_id = ${adId} and ${open()}`);
  return row?.id;
}

export async function findOpenUserReportId(db: Reader, userId: number, reporterId: number) {
  const [row] = await db.execute<{ id: number }>(sql`
    select id from user_reports where reporter_user_id = ${reporterId} and reported_user_id = ${userId} and ${open()}`);
  return row?.id;
}

/**
 * Waits for any other report of this ad being written to commit, so each report counts the ones before it: the
 * threshold is crossed by exactly one report even when several arrive at once.
 */
export async function lockAdReports(tx: Transaction, adId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${AD_REPORTS_LOCK}, ${adId})`);
}

/** Stores a report; the partial unique index `ad_reports_open_unique` refuses a second open one. */
export async function insertAdReport(tx: Transaction, values: { adId: number; reporterId: number; reason: string }) {
  const [row] = await tx
    .insert(adReports)
    .values({ ad_id: values.adId, user_id: values.reporterId, reason: values.reason })
    .returning({ id: adReports.id });
  return row!.id;
}

export async function insertUserReport(db: Database, values: { userId: number; reporterId: number; reason: string }) {
  const [row] = await db
    .insert(userReports)
    .values({ reported_user_id: values.userId, reporter_user_id: values.reporterId, reason: values.reason })
    .returning({ id: userReports.id });
  return row!.id;
}

/** Open reports of an ad: one per reporter (the unique index), so the number of distinct reporters. */
export async function countOpenAdReports(tx: Transaction, adId: number) {
  const [row] = await tx.execute<{ total: number }>(sql`
    select count(*)::int as total from ad_reports where ad_id = ${adId} and ${open()}`);
  return row?.total ?? 0;
}

/** What every report row holds, as reporters and admins both see it. */
export interface ReportRow {
  id: number;
  reason: string;
  admin_response: string | null;
  status_id: number;
  status_name: string;
  created_at: string;
  updated_at: string;
}
export interface AdReportRow extends ReportRow {
  ad_id: number;
  ad_title: string;
  ad_category_id: number;
  ad_subcategory_id: number;
  ad_is_public: boolean;
}
export interface UserReportRow extends ReportRow {
  reporter_user_id: number;
  reported_user_id: number;
  reported_name: string;
  reported_is_public: boolean;
}

interface Page {
  limit: number;
  offset: number;
}

/** The columns of `ReportRow`, from a report `r` joined with its status `st`. */
const reportColumns = sql`r.id, r.reason, r.admin_response, r.status_id, st.name as status_name, r.created_at,
  r.updated_at`;

const adReportsFrom = sql`
  from ad_reports r
  join report_statuses st on st.id = r.status_id
  join ads a on a.id = r.ad_id
  join subcategories s on s.id = a.subcategory_id
  join categories c on c.id = a.category_id`;

async function selectAdReports(db: Reader, where: SQL, { limit, offset }: Page) {
  return [
    ...(await db.execute<AdReportRow & Record<string, unknown>>(sql`
      select ${reportColumns}, r.ad_id, a.title as ad_title, a.category_id as ad_category_id, a.subcategory_id as ad_subcategory_id,
        ${adIsPublic} as ad_is_public
      ${adReportsFrom}
      where ${where}
      order by r.created_at desc, r.id desc
      limit ${limit} offset ${offset}`)),
  ];
}

/** A reporter's ad reports, newest first, with the ad's title and address, and how many there are. */
export async function findAdReports(db: Reader, reporterId: number, page: Page) {
  const [rows, [counted]] = await Promise.all([
    selectAdReports(db, sql`r.user_id = ${reporterId}`, page),
    db.execute<{ total: number }>(sql`select count(*)::int as total from ad_reports where user_id = ${reporterId}`),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findAdReport(db: Reader, id: number) {
  const [row] = await selectAdReports(db, sql`r.id = ${id}`, { limit: 1, offset: 0 });
  return row;
}

async function selectUserReports(db: Reader, where: SQL, { limit, offset }: Page) {
  return [
    ...(await db.execute<UserReportRow & Record<string, unknown>>(sql`
      select ${reportColumns}, r.reporter_user_id, r.reported_user_id, u.name as reported_name, ${userIsPublic} as reported_is_public
      from user_reports r
      join report_statuses st on st.id = r.status_id
      join users u on u.id = r.reported_user_id
      where ${where}
      order by r.created_at desc, r.id desc
      limit ${limit} offset ${offset}`)),
  ];
}

/** A reporter's user reports, newest first, with the reported user's name, and how many there are. */
export async function findUserReports(db: Reader, reporterId: number, page: Page) {
  const [rows, [counted]] = await Promise.all([
    selectUserReports(db, sql`r.reporter_user_id = ${reporterId}`, page),
    db.execute<{ total: number }>(
      sql`select count(*)::int as total from user_reports where reporter_user_id = ${reporterId}`,
    ),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findUserReport(db: Reader, id: number) {
  const [row] = await selectUserReports(db, sql`r.id = ${id}`, { limit: 1, offset: 0 });
  return row;
}

// The admins' report tables (issue 16; spec §5 "Admin reports and reviews"): every report, filtered, most recently
// changed first, with the reporter's and the reported side's names and emails.

/** Which reports table, by the kind of thing reported. */
export type ReportTable = "ad_reports" | "user_reports";

/** `and` of the filters given, or `true`. */
export function allOf(conditions: (SQL | false | undefined)[]) {
  const given = conditions.filter((condition): condition is SQL => Boolean(condition));
  return given.length ? sql.join(given, sql` and `) : sql`true`;
}

export interface ModeratedAdReportRow extends ReportRow {
  ad_id: number;
  user_id: number;
  ad_title: string;
  ad_user_id: number;
  ad_status_id: number;
  user_name: string;
  user_email: string | null;
}
export interface ModeratedUserReportRow extends ReportRow {
  reporter_user_id: number;
  reported_user_id: number;
  reporter_name: string;
  reporter_email: string | null;
  reported_name: string;
  reported_email: string | null;
  reported_status_id: number;
}

export async function findModeratedAdReports(db: Reader, where: SQL, { limit, offset }: Page) {
  return [
    ...(await db.execute<ModeratedAdReportRow & Record<string, unknown>>(sql`
      select ${reportColumns}, r.ad_id, r.user_id, a.title as ad_title, a.status_id as ad_status_id,
        a.user_id as ad_user_id, u.name as user_name, u.email as user_email
      from ad_reports r
      join report_statuses st on st.id = r.status_id
      join ads a on a.id = r.ad_id
      join users u on u.id = r.user_id
      where ${where}
      order by r.updated_at desc, r.id desc
      limit ${limit} offset ${offset}`)),
  ];
}

export async function findModeratedUserReports(db: Reader, where: SQL, { limit, offset }: Page) {
  return [
    ...(await db.execute<ModeratedUserReportRow & Record<string, unknown>>(sql`
      select ${reportColumns}, r.reporter_user_id, r.reported_user_id,
        reporter.name as reporter_name, reporter.email as reporter_email,
        reported.name as reported_name, reported.email as reported_email, reported.status_id as reported_status_id
      from user_reports r
      join report_statuses st on st.id = r.status_id
      join users reporter on reporter.id = r.reporter_user_id
      join users reported on reported.id = r.reported_user_id
      where ${where}
      order by r.updated_at desc, r.id desc
      limit ${limit} offset ${offset}`)),
  ];
}

export async function countReports(db: Reader, table: ReportTable, where: SQL) {
  const [row] = await db.execute<{ total: number }>(
    sql`select count(*)::int as total from ${sql.raw(table)} r where ${where}`,
  );
  return row?.total ?? 0;
}

/** A report's status and response, locked until the caller's transaction ends; undefined for an unknown report. */
export async function lockReportStatus(tx: Transaction, table: ReportTable, reportId: number) {
  const [row] = await tx.execute<{ status_id: number; admin_response: string | null }>(sql`
    select status_id, admin_response from ${sql.raw(table)} where id = ${reportId} for update`);
  return row;
}

export async function writeReportStatus(
  tx: Transaction,
  table: ReportTable,
  reportId: number,
  next: { status_id: number; admin_response: string | null },
) {
  await tx.execute(sql`
    update ${sql.raw(table)}
    set status_id = ${next.status_id}, admin_response = ${next.admin_response}, updated_at = now()
    where id = ${reportId}`);
}

import type { TPaged } from "@waterside/shared/api-envelope";
import type { TAdReport, TCreateAdReport, TCreateUserReport, TUserReport } from "@waterside/shared/reports";
import { AD_REPORT_THRESHOLD, REPORT_MESSAGES, REPORTS_PAGE } from "@waterside/shared/reports-messages";
import type { Database } from "../../db/database.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { toPage } from "../../lib/paging.ts";
import { fieldError, notFound } from "../../plugins/errors.ts";
import {
  countOpenAdReports,
  findAdReport,
  findAdReports,
  findAdReportTarget,
  findOpenAdReportId,
  findOpenUserReportId,
  findUserReport,
  findUserReports,
  findUserReportTarget,
  insertAdReport,
  insertUserReport,
  lockAdReports,
  type AdReportRow,
  type ReportRow,
  type UserReportRow,
} from "./reports.queries.ts";

const iso = (value: string | Date) => new Date(value).toISOString();

/** A report's own fields, as every reply shows them (spec §3 "Ad report", "User report"). */
export const reportFields = (row: ReportRow) => ({
  id: row.id,
  reason: row.reason,
  admin_response: row.admin_response,
  status_id: row.status_id,
  status_name: row.status_name,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

function toAdReport(row: AdReportRow): TAdReport {
  return {
    ...reportFields(row),
    ad_id: row.ad_id,
    ad: {
      id: row.ad_id,
      title: row.ad_title,
      category_id: row.ad_category_id,
      subcategory_id: row.ad_subcategory_id,
      is_visible: row.ad_is_public,
    },
  };
}

function toUserReport(row: UserReportRow): TUserReport {
  return {
    ...reportFields(row),
    reporter_user_id: row.reporter_user_id,
    reported_user_id: row.reported_user_id,
    reported_user: { id: row.reported_user_id, name: row.reported_name, is_visible: row.reported_is_public },
  };
}

/** A report just stored (`created`), or the reporter's open one about the same target (a repeat). */
export interface ReportOutcome<T> {
  report: T;
  created: boolean;
}

/**
 * Spec §5 report rules and decision 043: signed-in users report an ad that is not theirs or another user, once per
 * target while the report is open; the Nth distinct open report of an ad takes it out of public lists.
 */
export function createReportsService({ db, events }: { db: Database; events: DomainEvents }) {
  const adReport = async (id: number) => toAdReport((await findAdReport(db, id))!);
  const userReport = async (id: number) => toUserReport((await findUserReport(db, id))!);

  return {
    async reportAd(reporterId: number, { ad_id: adId, reason }: TCreateAdReport): Promise<ReportOutcome<TAdReport>> {
      const target = await findAdReportTarget(db, adId, reporterId);
      if (!target) throw notFound("Ad");
      if (target.owner_id === reporterId) throw fieldError("ad_id", REPORT_MESSAGES.ownAd);
      // A repeat is answered with the open report even when the ad has since left public view.
      if (target.open_report_id !== null) return { report: await adReport(target.open_report_id), created: false };
      if (!target.is_public) throw notFound("Ad");
      try {
        const id = await events.transaction(db, async (tx, publish) => {
          await lockAdReports(tx, adId);
          const stored = await insertAdReport(tx, { adId, reporterId, reason });
          const openReports = await countOpenAdReports(tx, adId);
          // Exactly at the threshold: reports are serialised per ad, so one report crosses it, once.
          if (openReports === AD_REPORT_THRESHOLD) await publish("ad.reported-by-many", { adId, openReports });
          return stored;
        });
        return { report: await adReport(id), created: true };
      } catch (error) {
        // The same reporter's report of this ad won a race (two taps, two devices): answer with that one.
        if (!isUniqueViolation(error, "ad_reports_open_unique")) throw error;
        const existing = await findOpenAdReportId(db, adId, reporterId);
        if (existing === undefined) throw error;
        return { report: await adReport(existing), created: false };
      }
    },

    async reportUser(
      reporterId: number,
      { reported_user_id: userId, reason }: TCreateUserReport,
    ): Promise<ReportOutcome<TUserReport>> {
      if (userId === reporterId) throw fieldError("reported_user_id", REPORT_MESSAGES.self);
      const target = await findUserReportTarget(db, userId, reporterId);
      if (!target) throw notFound("User");
      if (target.open_report_id !== null) return { report: await userReport(target.open_report_id), created: false };
      if (!target.is_public) throw notFound("User");
      try {
        return { report: await userReport(await insertUserReport(db, { userId, reporterId, reason })), created: true };
      } catch (error) {
        if (!isUniqueViolation(error, "user_reports_open_unique")) throw error;
        const existing = await findOpenUserReportId(db, userId, reporterId);
        if (existing === undefined) throw error;
        return { report: await userReport(existing), created: false };
      }
    },

    /** The reporter's own ad reports, newest first (spec second document §7 "Reports for the profile"). */
    async adReports(
      reporterId: number,
      { page: current = 1 }: { page?: number },
      path: string,
    ): Promise<TPaged<TAdReport>> {
      const { rows, total } = await findAdReports(db, reporterId, {
        limit: REPORTS_PAGE,
        offset: (current - 1) * REPORTS_PAGE,
      });
      return toPage(rows.map(toAdReport), total, current, REPORTS_PAGE, path);
    },

    async userReports(
      reporterId: number,
      { page: current = 1 }: { page?: number },
      path: string,
    ): Promise<TPaged<TUserReport>> {
      const { rows, total } = await findUserReports(db, reporterId, {
        limit: REPORTS_PAGE,
        offset: (current - 1) * REPORTS_PAGE,
      });
      return toPage(rows.map(toUserReport), total, current, REPORTS_PAGE, path);
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;

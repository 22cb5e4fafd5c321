import type { TAdminAdExportFilters, TAdminUsersExportQuery } from "@waterside/shared/admin";
import { BRAND } from "@waterside/shared/brand";
import type { Database } from "../../db/database.ts";
import { recordAdminAction } from "./admin-audit.ts";
import { csvStream } from "./admin-csv.ts";
import { findAdExportBatch, findUserExportBatch } from "./admin-export.queries.ts";

/** The export's name: what it holds and when it was taken, e.g. `waterside-users-2025-06-10.csv`. */
const fileName = (table: "users" | "ads") =>
  `${BRAND.toLowerCase()}-${table}-${new Date().toISOString().slice(0, 10)}.csv`;

/**
 * CSV exports of the admin users and ads tables as filtered (issue 16, decision 053): every matching row, newest
 * first, streamed in batches. Exporting writes nothing, but it takes personal data out of the system, so the audit
 * log records who exported which filters (target id 0: the whole table).
 */
export function createAdminExportService(db: Database) {
  return {
    async users(adminId: number, query: TAdminUsersExportQuery) {
      await recordAdminAction(db, { adminId, action: "users.export", targetType: "users", targetId: 0, after: query });
      return {
        fileName: fileName("users"),
        stream: csvStream(
          ["id", "name", "email", "phone_number", "usertype", "status", "created_at", "ads_count"],
          (beforeId, limit) => findUserExportBatch(db, query, beforeId, limit),
          (user) => [
            user.id,
            user.name,
            user.email,
            user.phone_number,
            user.usertype,
            user.status,
            new Date(user.created_at).toISOString(),
            user.ads_count,
          ],
        ),
      };
    },

    async ads(adminId: number, filters: TAdminAdExportFilters) {
      await recordAdminAction(db, { adminId, action: "ads.export", targetType: "ads", targetId: 0, after: filters });
      return {
        fileName: fileName("ads"),
        stream: csvStream(
          [
            "id",
            "title",
            "price",
            "status",
            "category",
            "subcategory",
            "owner_id",
            "owner_name",
            "owner_email",
            "location",
            "created_at",
            "views",
          ],
          (beforeId, limit) => findAdExportBatch(db, filters, beforeId, limit),
          (ad) => [
            ad.id,
            ad.title,
            Number(ad.price),
            ad.status,
            ad.category,
            ad.subcategory,
            ad.owner_id,
            ad.owner_name,
            ad.owner_email,
            ad.location,
            new Date(ad.created_at).toISOString(),
            ad.views,
          ],
        ),
      };
    },
  };
}

export type AdminExportService = ReturnType<typeof createAdminExportService>;

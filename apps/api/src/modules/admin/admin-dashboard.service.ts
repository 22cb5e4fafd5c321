import type { TDashboard } from "@waterside/shared/admin-catalog";
import { DASHBOARD_CATEGORIES, DASHBOARD_LATEST_USERS } from "@waterside/shared/admin-catalog-messages";
import type { Database } from "../../db/database.ts";
import { singleImageFile } from "../../lib/images.ts";
import { dashboardFigures } from "./admin-dashboard.queries.ts";

/**
 * /admin/dashboard (spec §6; issue 16): posts and users counted, the latest 10 users, the first 3 categories with
 * their subcategories' active ads counts, and what waits for an admin: unresolved reports, Pending ads that have an
 * open (not Resolved) report, and ads not yet marked reviewed in the moderation queue (decision 052).
 */
export function createAdminDashboardService(db: Database, mediaBaseUrl: string) {
  return {
    async dashboard(): Promise<TDashboard> {
      const { counts, users, categories, subs } = await dashboardFigures(
        db,
        DASHBOARD_LATEST_USERS,
        DASHBOARD_CATEGORIES,
      );
      return {
        posts_count: counts.posts,
        users_count: counts.users,
        latest_users: users.map((user) => ({
          id: user.id,
          name: user.name,
          email: user.email,
          profile_image_url: user.profile_image ? `${mediaBaseUrl}/${singleImageFile(user.profile_image)}` : null,
          created_at: new Date(user.created_at).toISOString(),
        })),
        categories: categories.map((category) => ({
          id: category.id,
          name: category.name,
          subcategories: subs
            .filter((sub) => sub.category_id === category.id)
            .map(({ id, name, ads_count }) => ({ id, name, ads_count })),
        })),
        needs_attention: {
          unresolved_ad_reports: counts.ad_reports,
          unresolved_user_reports: counts.user_reports,
          ads_pending_after_reports: counts.pending_reported,
          ads_unreviewed: counts.unreviewed,
        },
      };
    },
  };
}

export type AdminDashboardService = ReturnType<typeof createAdminDashboardService>;

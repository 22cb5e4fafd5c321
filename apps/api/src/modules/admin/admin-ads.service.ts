import { eq } from "drizzle-orm";
import type { TPaged } from "@waterside/shared/api-envelope";
import type { TAdminAdDetail, TAdminAdFilters } from "@waterside/shared/admin";
import {
  ADMIN_AD_STATUS_NAMES,
  ADMIN_MESSAGES,
  ADMIN_TABLE_PAGE,
  type TAdminAdStatusName,
} from "@waterside/shared/admin-messages";
import type { TAdListItem } from "@waterside/shared/ads";
import { AD_STATUS, USER_STATUS } from "@waterside/shared/reference-ids";
import type { Database } from "../../db/database.ts";
import { ads } from "../../db/schema/ads.ts";
import { users } from "../../db/schema/users.ts";
import { HttpError, notFound } from "../../plugins/errors.ts";
import { loadAdListItems } from "../ads/ad-list-items.ts";
import type { AdsService } from "../ads/ads.service.ts";
import { recordAdminAction } from "./admin-audit.ts";
import { findAdminAdPage } from "./admin-ads.queries.ts";
import { findAdminUser, toAdminUser } from "./admin-users.queries.ts";

interface AdsServiceDeps {
  db: Database;
  ads: AdsService;
  mediaBaseUrl: string;
}

/** The admin ads table, ad detail and ad status (spec second document §4 "Ad status (admin)"). */
export function createAdminAdsService({ db, ads: publicAds, mediaBaseUrl }: AdsServiceDeps) {
  const loadItem = async (adId: number) => {
    const [item] = await loadAdListItems(db, [adId], mediaBaseUrl);
    if (!item) throw notFound("Ad");
    return item;
  };

  return {
    async listAds(filters: TAdminAdFilters, pageUrl: string): Promise<TPaged<TAdListItem>> {
      const perPage = filters.per_page ?? ADMIN_TABLE_PAGE;
      const page = filters.page ?? 1;
      const { ids, total } = await findAdminAdPage(db, filters, perPage, (page - 1) * perPage);
      const lastPage = Math.max(1, Math.ceil(total / perPage));
      return {
        data: await loadAdListItems(db, ids, mediaBaseUrl),
        current_page: page,
        per_page: perPage,
        total,
        last_page: lastPage,
        next_page_url: page < lastPage ? `${pageUrl}?page=${page + 1}` : null,
      };
    },

    /** Any status, any (sub)category state, with its owner as the users table shows them. */
    async adDetail(adId: number): Promise<TAdminAdDetail> {
      const ad = await publicAds.adForPage(adId, undefined, { anyStatus: true });
      const owner = await findAdminUser(db, ad.user_id);
      if (!owner) throw notFound("Ad");
      return { ...ad, owner: toAdminUser(owner, mediaBaseUrl) };
    },

    /**
     * Active or Hidden, with its audit row in the same transaction. A hidden ad leaves public lists, search and
     * suggestions at once (the ads_changed trigger clears the caches, decision 013); its owner still sees it.
     * A banned owner's ad stays offline until the owner is reactivated (decision 050).
     */
    async setStatus(adminId: number, adId: number, statusName: TAdminAdStatusName) {
      const statusId = ADMIN_AD_STATUS_NAMES[statusName];
      const changed = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ status_id: ads.status_id, owner_status_id: users.status_id })
          .from(ads)
          .innerJoin(users, eq(users.id, ads.user_id))
          .where(eq(ads.id, adId))
          .for("update", { of: ads });
        if (!row) throw notFound("Ad");
        if (row.status_id === statusId) return false;
        if (statusId === AD_STATUS.active && row.owner_status_id === USER_STATUS.banned) {
          throw new HttpError(422, ADMIN_MESSAGES.ownerBanned);
        }
        await tx.update(ads).set({ status_id: statusId, updated_at: new Date() }).where(eq(ads.id, adId));
        await recordAdminAction(tx, {
          adminId,
          action: "ad.status",
          targetType: "ad",
          targetId: adId,
          before: { status_id: row.status_id },
          after: { status_id: statusId },
        });
        return true;
      });
      const message = !changed
        ? ADMIN_MESSAGES.adStatusUnchanged
        : statusId === AD_STATUS.active
          ? ADMIN_MESSAGES.adActivated
          : ADMIN_MESSAGES.adHidden;
      return { ad: await loadItem(adId), message };
    },
  };
}

export type AdminAdsService = ReturnType<typeof createAdminAdsService>;

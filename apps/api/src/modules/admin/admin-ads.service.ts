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
import { toPage } from "../../lib/paging.ts";
import { HttpError, notFound } from "../../plugins/errors.ts";
import { loadAdListItems } from "../ads/ad-list-items.ts";
import type { AdsService } from "../ads/ads.service.ts";
import { lockAdStatus, setAdStatus } from "../selling/ad-status.ts";
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
      return toPage(await loadAdListItems(db, ids, mediaBaseUrl), total, page, perPage, pageUrl);
    },

    /** Any status, any (sub)category state, with its owner as the users table shows them. */
    async adDetail(adId: number): Promise<TAdminAdDetail> {
      const ad = await publicAds.adForPage(adId, undefined, { anyStatus: true });
      const owner = await findAdminUser(db, ad.user_id);
      if (!owner) throw notFound("Ad");
      return { ...ad, owner: toAdminUser(owner, mediaBaseUrl) };
    },

    /**
     * Active or Hidden, written by selling (the ads' owner) with its audit row in the same transaction. A banned
     * owner's ad stays offline until the owner is reactivated (decision 050).
     */
    async setStatus(adminId: number, adId: number, statusName: TAdminAdStatusName) {
      const statusId = ADMIN_AD_STATUS_NAMES[statusName];
      const changed = await db.transaction(async (tx) => {
        const row = await lockAdStatus(tx, adId);
        if (!row) throw notFound("Ad");
        if (row.status_id === statusId) return false;
        if (statusId === AD_STATUS.active && row.owner_status_id === USER_STATUS.banned) {
          throw new HttpError(422, ADMIN_MESSAGES.ownerBanned);
        }
        await setAdStatus(tx, adId, statusId);
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

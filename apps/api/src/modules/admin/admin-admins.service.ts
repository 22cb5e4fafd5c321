import type { TAdminAccount, TAdminAccountsQuery } from "@waterside/shared/admin";
import { ADMIN_MESSAGES, ADMIN_TABLE_PAGE, type TAdminAccountStatus } from "@waterside/shared/admin-messages";
import type { TPaged } from "@waterside/shared/api-envelope";
import type { Database } from "../../db/database.ts";
import { HttpError, notFound } from "../../plugins/errors.ts";
import { ADMIN_TWO_FACTOR_MESSAGES } from "@waterside/shared/admin-two-factor";
import { clearAdminTwoFactor, lockAdminStatuses, setAdminStatus } from "../admin-auth/admin-status.ts";
import type { TokenService } from "../auth/tokens.ts";
import { recordAdminAction } from "./admin-audit.ts";
import { findAdminAccount, findAdminAccountPage } from "./admin-admins.queries.ts";
import { toPage } from "../../lib/paging.ts";

/** The admins table and admin suspension (decision 057). */
export function createAdminAccountsService({
  db,
  tokens,
  mediaBaseUrl,
}: {
  db: Database;
  tokens: TokenService;
  mediaBaseUrl: string;
}) {
  return {
    async list(query: TAdminAccountsQuery, path: string): Promise<TPaged<TAdminAccount>> {
      const page = query.page ?? 1;
      const perPage = query.per_page ?? ADMIN_TABLE_PAGE;
      const { rows, total } = await findAdminAccountPage(db, mediaBaseUrl, perPage, (page - 1) * perPage);
      return toPage(rows, total, page, perPage, { path, query });
    },

    /**
     * Suspends or reactivates another admin, in one transaction with its audit row. A suspension revokes every
     * session of the admin, so their next request is refused; reactivation leaves them to sign in again. Setting the
     * status an admin already has changes nothing and records nothing.
     *
     * At least one active admin always remains: nobody changes their own status, and the acting admin must still be
     * active when the change commits. Both rows are locked, in id order so two opposite changes cannot deadlock:
     * when two admins suspend each other at once, the second waits for the first, finds itself suspended and is
     * refused.
     */
    async setStatus(actorId: number, adminId: number, status: TAdminAccountStatus) {
      if (actorId === adminId) throw new HttpError(422, ADMIN_MESSAGES.adminOwnStatus);
      const changed = await db.transaction(async (tx) => {
        const rows = await lockAdminStatuses(tx, [actorId, adminId]);
        const actor = rows.find((row) => row.id === actorId);
        const target = rows.find((row) => row.id === adminId);
        // Suspended while this request waited for the lock: its token is refused from now on, and so is this.
        if (actor?.status !== "Active") throw new HttpError(401, ADMIN_MESSAGES.adminSuspended);
        if (!target) throw notFound("Admin");
        if (target.status === status) return false;

        await setAdminStatus(tx, adminId, status);
        const after =
          status === "Suspended"
            ? { status, revoked_sessions: await tokens.revokeAdminSessions(adminId, tx) }
            : { status };
        await recordAdminAction(tx, {
          adminId: actorId,
          action: "admin.status",
          targetType: "admin",
          targetId: adminId,
          before: { status: target.status },
          after,
        });
        return true;
      });
      const admin = await findAdminAccount(db, mediaBaseUrl, adminId);
      if (!admin) throw notFound("Admin");
      const message = !changed
        ? ADMIN_MESSAGES.adminStatusUnchanged
        : status === "Suspended"
          ? ADMIN_MESSAGES.adminSuspendedDone
          : ADMIN_MESSAGES.adminReactivated;
      return { admin, message };
    },

    /**
     * Resets another admin's second factor (issue 27, decision 071), who lost their authenticator: secret and recovery
     * codes go, their sessions end, and they set up a new authenticator at their next login. Audited in the same
     * transaction; the rows are locked as for a status change, and nobody resets their own.
     */
    async resetTwoFactor(actorId: number, adminId: number) {
      if (actorId === adminId) throw new HttpError(422, ADMIN_TWO_FACTOR_MESSAGES.ownReset);
      const changed = await db.transaction(async (tx) => {
        const rows = await lockAdminStatuses(tx, [actorId, adminId]);
        if (rows.find((row) => row.id === actorId)?.status !== "Active") {
          throw new HttpError(401, ADMIN_MESSAGES.adminSuspended);
        }
        if (!rows.some((row) => row.id === adminId)) throw notFound("Admin");
        if (!(await clearAdminTwoFactor(tx, adminId))) return false;
        const revoked = await tokens.revokeAdminSessions(adminId, tx);
        await recordAdminAction(tx, {
          adminId: actorId,
          action: "admin.two_factor.reset",
          targetType: "admin",
          targetId: adminId,
          after: { two_factor: "reset", revoked_sessions: revoked },
        });
        return true;
      });
      const admin = await findAdminAccount(db, mediaBaseUrl, adminId);
      if (!admin) throw notFound("Admin");
      return {
        admin,
        message: changed ? ADMIN_TWO_FACTOR_MESSAGES.resetDone : ADMIN_TWO_FACTOR_MESSAGES.resetUnchanged,
      };
    },
  };
}

export type AdminAccountsService = ReturnType<typeof createAdminAccountsService>;

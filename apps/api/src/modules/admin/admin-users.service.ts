import { sql } from "drizzle-orm";
import type { TPaged } from "@waterside/shared/api-envelope";
import type { TAdminUser, TAdminUsersQuery } from "@waterside/shared/admin";
import { ADMIN_MESSAGES, ADMIN_TABLE_PAGE } from "@waterside/shared/admin-messages";
import { AD_STATUS, USER_STATUS } from "@waterside/shared/reference-ids";
import type { Database } from "../../db/database.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { toPage } from "../../lib/paging.ts";
import { HttpError, notFound } from "../../plugins/errors.ts";
import type { TokenService } from "../auth/tokens.ts";
import { lockAdIdsOf } from "../selling/ad-status.ts";
import { banUser, lockUserStatus, reactivateUser } from "../users/user-status.ts";
import { recordAdminAction } from "./admin-audit.ts";
import { findAdminUser, findAdminUserPage, toAdminUser } from "./admin-users.queries.ts";

/** What the audit row of a status change keeps: a ban lists the ads it hid, so reactivation restores exactly those. */
interface UserStatusAfter {
  status_id: number;
  hidden_ad_ids?: number[];
  restored_ad_ids?: number[];
  revoked_sessions?: number;
}

interface UsersServiceDeps {
  db: Database;
  events: DomainEvents;
  tokens: TokenService;
  mediaBaseUrl: string;
}

/** The admin users table and bans (decision 050). */
export function createAdminUsersService({ db, events, tokens, mediaBaseUrl }: UsersServiceDeps) {
  return {
    async listUsers(query: TAdminUsersQuery, pageUrl: string): Promise<TPaged<TAdminUser>> {
      const perPage = query.per_page ?? ADMIN_TABLE_PAGE;
      const page = query.page ?? 1;
      const { rows, total } = await findAdminUserPage(db, query, perPage, (page - 1) * perPage);
      return toPage(
        rows.map((row) => toAdminUser(row, mediaBaseUrl)),
        total,
        page,
        perPage,
        pageUrl,
      );
    },

    /**
     * Bans (2) or reactivates (1) a user, in one transaction with its audit row. The users module changes the
     * status and publishes it: a ban's reactions revoke every session (the next request with an old token gets 401
     * 'banned') and hide the user's active ads; reactivation puts back the ads that ban hid and that are still
     * hidden. What they are about to do is read first, under lock, for the record. Setting the status a user
     * already has changes nothing.
     */
    async setStatus(adminId: number, userId: number, statusId: number) {
      const changed = await events.transaction(db, async (tx, publish) => {
        const before = await lockUserStatus(tx, userId);
        if (before === undefined) throw notFound("User");
        if (before === statusId) return false;

        let after: UserStatusAfter;
        if (statusId === USER_STATUS.banned) {
          const revokedSessions = await tokens.countOpenUserSessions(userId, tx);
          const hidden = await lockAdIdsOf(tx, userId, AD_STATUS.active);
          await banUser(tx, publish, userId);
          after = { status_id: statusId, hidden_ad_ids: hidden, revoked_sessions: revokedSessions };
        } else {
          // The ads the latest ban hid: its audit row is the record of what it did (decision 050).
          const [ban] = await tx.execute<{ after: UserStatusAfter | null }>(sql`
            select after from admin_audit_log
            where target_type = 'user' and target_id = ${userId} and action = 'user.status'
              and (after ->> 'status_id')::int = ${USER_STATUS.banned}
            order by id desc limit 1`);
          const restored = await lockAdIdsOf(tx, userId, AD_STATUS.hidden, ban?.after?.hidden_ad_ids ?? []);
          await reactivateUser(tx, publish, userId, restored);
          after = { status_id: statusId, restored_ad_ids: restored };
        }
        await recordAdminAction(tx, {
          adminId,
          action: "user.status",
          targetType: "user",
          targetId: userId,
          before: { status_id: before },
          after,
        });
        return true;
      });
      const user = await findAdminUser(db, userId);
      if (!user) throw new HttpError(404, "User not found.");
      const message = !changed
        ? ADMIN_MESSAGES.userStatusUnchanged
        : statusId === USER_STATUS.banned
          ? ADMIN_MESSAGES.userBanned
          : ADMIN_MESSAGES.userActivated;
      return { user: toAdminUser(user, mediaBaseUrl), message };
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;

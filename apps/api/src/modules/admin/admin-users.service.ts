import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { TPaged } from "@waterside/shared/api-envelope";
import type { TAdminUser, TAdminUsersQuery } from "@waterside/shared/admin";
import { ADMIN_MESSAGES, ADMIN_TABLE_PAGE } from "@waterside/shared/admin-messages";
import { AD_STATUS, USER_STATUS } from "@waterside/shared/reference-ids";
import type { Database } from "../../db/database.ts";
import { ads } from "../../db/schema/ads.ts";
import { authSessions } from "../../db/schema/auth.ts";
import { users } from "../../db/schema/users.ts";
import { HttpError, notFound } from "../../plugins/errors.ts";
import type { TokenService } from "../auth/tokens.ts";
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
  tokens: TokenService;
  /** Ends the sockets of revoked sessions at once (the chat's minute recheck would end them anyway). */
  realtime: { disconnectSession(sessionId: string): void };
  mediaBaseUrl: string;
}

/** The admin users table and bans (decision 050). */
export function createAdminUsersService({ db, tokens, realtime, mediaBaseUrl }: UsersServiceDeps) {
  return {
    async listUsers(query: TAdminUsersQuery, pageUrl: string): Promise<TPaged<TAdminUser>> {
      const perPage = query.per_page ?? ADMIN_TABLE_PAGE;
      const page = query.page ?? 1;
      const { rows, total } = await findAdminUserPage(db, query, perPage, (page - 1) * perPage);
      const lastPage = Math.max(1, Math.ceil(total / perPage));
      return {
        data: rows.map((row) => toAdminUser(row, mediaBaseUrl)),
        current_page: page,
        per_page: perPage,
        total,
        last_page: lastPage,
        next_page_url: page < lastPage ? `${pageUrl}?page=${page + 1}` : null,
      };
    },

    /**
     * Bans (2) or reactivates (1) a user, in one transaction with its audit row. A ban revokes every session (the
     * next request with an old token gets 401 'banned') and hides the user's active ads; reactivation puts back
     * the ads that ban hid and that are still hidden. Setting the status a user already has changes nothing.
     */
    async setStatus(adminId: number, userId: number, statusId: number) {
      const outcome = await db.transaction(async (tx) => {
        const [user] = await tx
          .select({ id: users.id, status_id: users.status_id })
          .from(users)
          .where(and(eq(users.id, userId), isNull(users.deleted_at)))
          .for("update");
        if (!user) throw notFound("User");
        if (user.status_id === statusId) return { changed: false, sessionIds: [] as string[] };

        await tx.update(users).set({ status_id: statusId, updated_at: new Date() }).where(eq(users.id, userId));
        let after: UserStatusAfter;
        let sessionIds: string[] = [];
        if (statusId === USER_STATUS.banned) {
          const open = await tx
            .select({ id: authSessions.id })
            .from(authSessions)
            .where(and(eq(authSessions.user_id, userId), isNull(authSessions.revoked_at)));
          sessionIds = open.map((session) => session.id);
          await tokens.revokeUserSessions(userId, undefined, tx);
          const hidden = await tx
            .update(ads)
            .set({ status_id: AD_STATUS.hidden, updated_at: new Date() })
            .where(and(eq(ads.user_id, userId), eq(ads.status_id, AD_STATUS.active)))
            .returning({ id: ads.id });
          after = {
            status_id: statusId,
            hidden_ad_ids: hidden.map((ad) => ad.id).sort((a, b) => a - b),
            revoked_sessions: sessionIds.length,
          };
        } else {
          // The ads the latest ban hid: its audit row is the record of what it did (decision 050).
          const [ban] = await tx.execute<{ after: UserStatusAfter | null }>(sql`
            select after from admin_audit_log
            where target_type = 'user' and target_id = ${userId} and action = 'user.status'
              and (after ->> 'status_id')::int = ${USER_STATUS.banned}
            order by id desc limit 1`);
          const hiddenByBan = ban?.after?.hidden_ad_ids ?? [];
          const restored = hiddenByBan.length
            ? await tx
                .update(ads)
                .set({ status_id: AD_STATUS.active, updated_at: new Date() })
                .where(and(inArray(ads.id, hiddenByBan), eq(ads.user_id, userId), eq(ads.status_id, AD_STATUS.hidden)))
                .returning({ id: ads.id })
            : [];
          after = { status_id: statusId, restored_ad_ids: restored.map((ad) => ad.id).sort((a, b) => a - b) };
        }
        await recordAdminAction(tx, {
          adminId,
          action: "user.status",
          targetType: "user",
          targetId: userId,
          before: { status_id: user.status_id },
          after,
        });
        return { changed: true, sessionIds };
      });
      // Open chat sockets of the revoked sessions close now, on every process.
      for (const sessionId of outcome.sessionIds) realtime.disconnectSession(sessionId);
      const user = await findAdminUser(db, userId);
      if (!user) throw new HttpError(404, "User not found.");
      const message = !outcome.changed
        ? ADMIN_MESSAGES.userStatusUnchanged
        : statusId === USER_STATUS.banned
          ? ADMIN_MESSAGES.userBanned
          : ADMIN_MESSAGES.userActivated;
      return { user: toAdminUser(user, mediaBaseUrl), message };
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;

/**
 * Admin ads and users tables: page sizes, filter names and messages, without zod, for the admin tables' light parts
 * (spec second document §3 "Admin user", §4 "Ad status (admin)" and "User status", §9; issue 16).
 */
import { AD_STATUS, USER_STATUS, USER_TYPE } from "./reference-ids.ts";

/** Spec §9: admin table page size; the dashboard's latest users. */
export const ADMIN_TABLE_PAGE = 30;
export const ADMIN_DASHBOARD_USERS = 10;
export const ADMIN_PAGE_MAX = 100;
/** Spec §9: the admin table cuts descriptions at this many characters. */
export const ADMIN_DESCRIPTION_CUT = 50;

/** The status names `POST /admin/ads/{ad_id}/{status_name}` takes (spec §4: Active and Hidden). */
export const ADMIN_AD_STATUS_NAMES = { Active: AD_STATUS.active, Hidden: AD_STATUS.hidden } as const;
export type TAdminAdStatusName = keyof typeof ADMIN_AD_STATUS_NAMES;
/**
 * Every ad status by name, for the ads table's filter (Pending: taken offline by reports, decision 043; Expired and
 * Sold: the ad's life, issue 28).
 */
export const AD_STATUS_BY_NAME = {
  Pending: AD_STATUS.pending,
  ...ADMIN_AD_STATUS_NAMES,
  Expired: AD_STATUS.expired,
  Sold: AD_STATUS.sold,
} as const;
export const USER_STATUS_BY_NAME = { Active: USER_STATUS.active, Banned: USER_STATUS.banned } as const;
export const USER_TYPE_BY_NAME = { Individual: USER_TYPE.individual, Company: USER_TYPE.company } as const;

export const ADMIN_AD_SORT_FIELDS = ["created_at", "updated_at", "price", "title", "visibility_score"] as const;
/** Spec §9: users sort by name, email or phone_number; newest first when none is given. */
export const ADMIN_USER_SORT_FIELDS = ["name", "email", "phone_number", "created_at"] as const;

/** An admin's status (decision 057): a Suspended admin cannot sign in, and their sessions ended when suspended. */
export const ADMIN_ACCOUNT_STATUSES = ["Active", "Suspended"] as const;
export type TAdminAccountStatus = (typeof ADMIN_ACCOUNT_STATUSES)[number];

/** 'All' (or nothing) means no filter. */
export const ADMIN_FILTER_ALL = "All";

/**
 * A status or type filter as the admin tables send it: an id, or a name in any letter case; 'All' is `null` (no
 * filter). Undefined when it is none of these.
 */
export function parseNamedId(byName: Record<string, number>, value: string | number): number | null | undefined {
  const text = String(value).trim();
  if (text.toLowerCase() === ADMIN_FILTER_ALL.toLowerCase()) return null;
  const ids = Object.values(byName);
  if (/^\d+$/.test(text)) return ids.includes(Number(text)) ? Number(text) : undefined;
  const entry = Object.entries(byName).find(([name]) => name.toLowerCase() === text.toLowerCase());
  return entry?.[1];
}

export const ADMIN_MESSAGES = {
  adStatusInvalid: "Choose an ad status: Active or Hidden.",
  adStatusFilterInvalid: "Choose an ad status: All, Active, Hidden or Pending (or its id).",
  userStatusInvalid: "Choose a user status: 1 Active or 2 Banned.",
  userStatusFilterInvalid: "Choose a user status: All, Active or Banned (or its id).",
  userTypeFilterInvalid: "Choose a user type: All, Individual or Company (or its id).",
  adActivated: "The ad is active: it shows in public lists again.",
  adHidden: "The ad is hidden: it left public lists and search. Its owner still sees it.",
  adStatusUnchanged: "The ad already has this status.",
  /** A banned user's ads stay offline until the user is reactivated (decision 050). */
  ownerBanned: "This ad's owner is banned: activate the user first.",
  userBanned: "The user is banned: signed out everywhere, and their ads left public lists.",
  userActivated: "The user is active again, and the ads the ban hid are back.",
  userStatusUnchanged: "The user already has this status.",
  adminStatusInvalid: "Choose an admin status: Active or Suspended.",
  /** The answer to a suspended admin's login, refresh and old tokens. */
  adminSuspended: "This admin account is suspended. Ask another admin to reactivate it.",
  /** Nobody suspends themself: so an admin acting is always an active one left (decision 057). */
  adminOwnStatus: "You cannot change your own admin status: ask another admin.",
  adminSuspendedDone: "The admin is suspended: signed out everywhere, and they cannot sign in.",
  adminReactivated: "The admin is active again and can sign in.",
  adminStatusUnchanged: "The admin already has this status.",
} as const;

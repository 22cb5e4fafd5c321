/** Admin ads and users (spec second document §3 "Admin user", §7 "Admin" table; issue 16). */
import { z } from "zod";
import {
  ADMIN_ACCOUNT_STATUSES,
  ADMIN_AD_SORT_FIELDS,
  ADMIN_AD_STATUS_NAMES,
  ADMIN_MESSAGES,
  ADMIN_PAGE_MAX,
  ADMIN_USER_SORT_FIELDS,
  AD_STATUS_BY_NAME,
  USER_STATUS_BY_NAME,
  USER_TYPE_BY_NAME,
  parseNamedId,
  type TAdminAdStatusName,
} from "./admin-messages.ts";
import { ZAdDetail } from "./ads.ts";
import { SORT_ORDERS } from "./ads-messages.ts";
import { zId, zPage } from "./ids.ts";
import { USER_STATUS } from "./reference-ids.ts";

/** Spec §5 payload cleaning: empty values are ignored. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());

const zPerPage = z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX);
const money = z.coerce.number({ message: "Must be a number." }).min(0, "Must be 0 or more.");

/** A filter given by id or name ('All': none); the result is the id, or null for no filter. */
const zNamedId = (byName: Record<string, number>, message: string) =>
  z.union([z.string(), z.number()]).transform((value, ctx) => {
    const id = parseNamedId(byName, value);
    if (id === undefined) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return id;
  });

const zFlag = z.preprocess((value) => value === true || value === "true" || value === "1" || value === 1, z.boolean());

/**
 * POST /admin/ads (spec §7): ads in every status. `status` is a name (Active, Hidden, Pending, All) or an id;
 * `subcategory_status` is the spec's ad status id of subcategory listings (Active=2, Hidden=3), the same filter by id.
 */
export const ZAdminAdFilters = z.object({
  category_id: optional(zId()),
  subcategory_id: optional(zId()),
  user_id: optional(zId()),
  status: optional(zNamedId(AD_STATUS_BY_NAME, ADMIN_MESSAGES.adStatusFilterInvalid)),
  subcategory_status: optional(zNamedId(AD_STATUS_BY_NAME, ADMIN_MESSAGES.adStatusFilterInvalid)),
  search: optional(z.string().trim().min(1).max(100)),
  price_min: optional(money),
  price_max: optional(money),
  has_active_subscription: optional(zFlag),
  sort_by: optional(z.enum(ADMIN_AD_SORT_FIELDS)),
  sort_order: optional(z.enum(SORT_ORDERS)),
  page: optional(zPage()),
  per_page: optional(zPerPage),
});
export type TAdminAdFilters = z.infer<typeof ZAdminAdFilters>;

/**
 * POST /admin/ads/export.csv: the ads table's filters, without paging and sort; every matching ad, newest first
 * (decision 053). The table's whole body may be sent as it is: the other fields are ignored.
 */
export const ZAdminAdExportFilters = ZAdminAdFilters.omit({
  sort_by: true,
  sort_order: true,
  page: true,
  per_page: true,
});
export type TAdminAdExportFilters = z.infer<typeof ZAdminAdExportFilters>;

/** Spec §3 "Admin user": what the users table and the ad detail's owner show. */
export const ZAdminUser = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Null for an account created by phone that has not added one (decision 068). */
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  bio: z.string().nullable(),
  profile_image_url: z.string().nullable(),
  status_id: z.number().int(),
  status: z.object({ id: z.number().int(), name: z.string() }),
  usertype_id: z.number().int(),
  usertype: z.object({ id: z.number().int(), name: z.string() }),
  company: z.object({ address: z.string().nullable(), description: z.string().nullable() }).nullable(),
  created_at: z.string(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

/** GET /admin/ads/{id}: the ad in any status, with its owner as the users table shows them. */
export const ZAdminAdDetail = ZAdDetail.extend({ owner: ZAdminUser });
export type TAdminAdDetail = z.infer<typeof ZAdminAdDetail>;

export const ZAdminAdIdParams = z.object({ id: zId() });

/** POST /admin/ads/{ad_id}/{status_name} (patch override): Active or Hidden, in any letter case. */
export const ZAdminAdStatusParams = z.object({
  ad_id: zId(),
  status_name: z.string().transform((value, ctx) => {
    const name = Object.keys(ADMIN_AD_STATUS_NAMES).find((key) => key.toLowerCase() === value.trim().toLowerCase());
    if (!name) {
      ctx.addIssue({ code: "custom", message: ADMIN_MESSAGES.adStatusInvalid });
      return z.NEVER;
    }
    return name as TAdminAdStatusName;
  }),
});

/** GET /admin/users (spec §7): page, per_page (30; dashboard 10), search, sort, status, user type. */
export const ZAdminUsersQuery = z.object({
  page: optional(zPage()),
  per_page: optional(zPerPage),
  /** Part of a name, an email or a phone number. */
  search: optional(z.string().trim().min(1).max(100)),
  sort_by: optional(z.enum(ADMIN_USER_SORT_FIELDS)),
  sort_order: optional(z.enum(SORT_ORDERS)),
  status: optional(zNamedId(USER_STATUS_BY_NAME, ADMIN_MESSAGES.userStatusFilterInvalid)),
  usertype: optional(zNamedId(USER_TYPE_BY_NAME, ADMIN_MESSAGES.userTypeFilterInvalid)),
});
export type TAdminUsersQuery = z.infer<typeof ZAdminUsersQuery>;

/** GET /admin/users/export.csv: the users table's filters (search, status, usertype); every match, newest first. */
export const ZAdminUsersExportQuery = ZAdminUsersQuery.omit({
  sort_by: true,
  sort_order: true,
  page: true,
  per_page: true,
});
export type TAdminUsersExportQuery = z.infer<typeof ZAdminUsersExportQuery>;

export const ZAdminUserIdParams = z.object({ user_id: zId() });

/** PATCH /admin/users/{user_id}/status (or POST with _method=patch): { status_id: 1 Active | 2 Banned }. */
export const ZAdminUserStatusChange = z.object({
  status_id: zId(ADMIN_MESSAGES.userStatusInvalid).refine(
    (id) => id === USER_STATUS.active || id === USER_STATUS.banned,
    ADMIN_MESSAGES.userStatusInvalid,
  ),
  /** The spec's payload names the user too; the path decides, a different id here is refused. */
  user_id: optional(zId()),
});
export type TAdminUserStatusChange = z.infer<typeof ZAdminUserStatusChange>;

/** GET /admin/admins (decision 057): the admins, oldest first, with their status and latest sign-in. */
export const ZAdminAccount = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  profile_image_url: z.string().nullable(),
  status: z.enum(ADMIN_ACCOUNT_STATUSES),
  created_at: z.string(),
  /** When the admin last signed in (their latest session began); null if never. */
  last_sign_in_at: z.string().nullable(),
  /** Whether the admin has set up an authenticator app (issue 27): only then is there a second factor to reset. */
  two_factor_enabled: z.boolean(),
});
export type TAdminAccount = z.infer<typeof ZAdminAccount>;

export const ZAdminAccountsQuery = z.object({ page: optional(zPage()), per_page: optional(zPerPage) });
export type TAdminAccountsQuery = z.infer<typeof ZAdminAccountsQuery>;

export const ZAdminAccountIdParams = z.object({ admin_id: zId() });

/** PATCH /admin/admins/{admin_id}/status (or POST with _method=patch): { status: 'Active' | 'Suspended' }. */
export const ZAdminAccountStatusChange = z.object({
  status: z.enum(ADMIN_ACCOUNT_STATUSES, { message: ADMIN_MESSAGES.adminStatusInvalid }),
});
export type TAdminAccountStatusChange = z.infer<typeof ZAdminAccountStatusChange>;

import {
  AD_STATUS_BY_NAME,
  USER_STATUS_BY_NAME,
  USER_TYPE_BY_NAME,
  parseNamedId,
} from "@waterside/shared/admin-messages";
import { formatPrice } from "~/lib/format";

/** A table's filters as the address keeps them ("Banned", "3", "true") or as the audit log recorded them (ids). */
export type FilterValues = Record<string, unknown>;

/** Names the admin knows a category, a subcategory or the ads' owner by; without them, the id. */
export interface KnownNames {
  category?: (id: number) => string | undefined;
  subcategory?: (id: number) => string | undefined;
  owner?: string;
}

const text = (value: unknown) => (value === undefined || value === null ? "" : String(value).trim());

/** A status or type filter's name ("Banned"), whether it came as a name or as the spec's id; "" for none or All. */
function nameOf(byName: Record<string, number>, value: unknown) {
  if (text(value) === "") return "";
  const id = parseNamedId(byName, text(value));
  if (id === null) return "";
  return Object.entries(byName).find(([, known]) => known === id)?.[0] ?? text(value);
}

const quoted = (value: unknown) => (text(value) ? `matching “${text(value)}”` : "");
const joined = (parts: string[]) => parts.filter(Boolean).join(", ");

/** "Banned Company users matching “fatu”", or "All users": what the users table (and its export) holds. */
export function describeUserFilters(filters: FilterValues): string {
  const status = nameOf(USER_STATUS_BY_NAME, filters.status);
  const type = nameOf(USER_TYPE_BY_NAME, filters.usertype);
  const who = [status, type].filter(Boolean).join(" ");
  const search = quoted(filters.search);
  if (!who && !search) return "All users";
  return [who ? `${who} users` : "Users", search].filter(Boolean).join(" ");
}

/**
 * "Active ads in Vehicles › Cars, $500 to $2,000, boosted now, matching “toyota”", or "All ads": what the ads table
 * (and its export) holds.
 */
export function describeAdFilters(filters: FilterValues, names: KnownNames = {}): string {
  const status = nameOf(AD_STATUS_BY_NAME, filters.status);
  const number = (value: unknown) => (text(value) && Number.isFinite(Number(value)) ? Number(value) : undefined);
  const categoryId = number(filters.category_id);
  const subcategoryId = number(filters.subcategory_id);
  const place = [
    categoryId !== undefined && (names.category?.(categoryId) ?? `category #${categoryId}`),
    subcategoryId !== undefined && (names.subcategory?.(subcategoryId) ?? `subcategory #${subcategoryId}`),
  ].filter((part): part is string => Boolean(part));
  const min = number(filters.price_min);
  const max = number(filters.price_max);
  const price =
    min !== undefined && max !== undefined
      ? `${formatPrice(min)} to ${formatPrice(max)}`
      : min !== undefined
        ? `from ${formatPrice(min)}`
        : max !== undefined
          ? `up to ${formatPrice(max)}`
          : "";
  const boosted = ["true", "1"].includes(text(filters.has_active_subscription)) ? "boosted now" : "";
  const ownerId = number(filters.user_id);
  const owner = ownerId === undefined ? "" : `of ${names.owner ?? `user #${ownerId}`}`;
  const details = joined([
    place.length ? `in ${place.join(" › ")}` : "",
    owner,
    price,
    boosted,
    quoted(filters.search),
  ]);
  if (!status && !details) return "All ads";
  return `${status ? `${status} ads` : "Ads"}${details ? ` ${details}` : ""}`;
}

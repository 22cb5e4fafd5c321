import type { TAuditLogEntry } from "@waterside/shared/admin-moderation";
import { AD_STATUS_BY_NAME, USER_STATUS_BY_NAME } from "@waterside/shared/admin-messages";
import { ATTRIBUTE_TYPE } from "@waterside/shared/reference-ids";
import { REPORT_STATUS_NAMES } from "@waterside/shared/reports-messages";
import { formatRate } from "./exchange-rate-text";
import { describeAdFilters, describeUserFilters } from "./export-filters";

/** What the audit log needs of an entry: what was done, to what, and the state before and after (decision 049). */
export type AuditChange = Pick<TAuditLogEntry, "action" | "target_type" | "target_id" | "before" | "after">;

type State = Record<string, unknown>;

const stateOf = (value: unknown): State =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as State) : {};

/** Id → the spec's name, for each kind of status an audit entry keeps as an id. */
const byId = (byName: Record<string, number>) =>
  Object.fromEntries(Object.entries(byName).map(([name, id]) => [id, name])) as Record<number, string>;
const AD_STATUS_NAMES = byId(AD_STATUS_BY_NAME);
const USER_STATUS_NAMES = byId(USER_STATUS_BY_NAME);
const ATTRIBUTE_TYPE_NAMES = byId(ATTRIBUTE_TYPE);

const named = (names: Record<number, string>, id: unknown) =>
  typeof id === "number" ? (names[id] ?? `status ${id}`) : "none";

const REPORT_VERBS: Record<string, string> = {
  Resolved: "resolved",
  "Under Review": "taken under review",
  Unresolved: "reopened",
};

/** "3 ads", "1 ad": counts in the entries' after (ads a ban hid, sessions it ended). */
const count = (value: unknown, one: string, many: string) => {
  const total = Array.isArray(value) ? value.length : typeof value === "number" ? value : 0;
  return total === 0 ? "" : `${total} ${total === 1 ? one : many}`;
};

/** A user's words, kept short and quoted: a deleted review, an answer to a report. */
const words = (value: unknown, limit = 80) => {
  const text = String(value ?? "")
    .replace(/\s+/g, " ")
    .trim();
  return `“${text.length > limit ? `${text.slice(0, limit - 1).trimEnd()}…` : text}”`;
};

const yesNo = (value: unknown) => (value ? "yes" : "no");

/** The fields a catalogue entry's change touched, in words: "name Cars → Vehicles, picture changed". */
function catalogChanges(before: State, after: State): string {
  const changes: string[] = [];
  if ("name" in after && after.name !== before.name) changes.push(`name ${words(before.name)} → ${words(after.name)}`);
  if ("image" in after && after.image !== before.image) changes.push("picture changed");
  if ("attribute_type_id" in after && after.attribute_type_id !== before.attribute_type_id) {
    changes.push(
      `type ${named(ATTRIBUTE_TYPE_NAMES, before.attribute_type_id)} → ${named(ATTRIBUTE_TYPE_NAMES, after.attribute_type_id)}`,
    );
  }
  const flags = { has_options: "options", is_required: "required", is_restricted: "restricted", active: "active" };
  for (const [field, label] of Object.entries(flags)) {
    if (field in after && Boolean(after[field]) !== Boolean(before[field])) {
      changes.push(`${label} ${yesNo(before[field])} → ${yesNo(after[field])}`);
    }
  }
  return changes.join(", ");
}

/** Target types as an admin reads them. */
const TARGETS: Record<string, string> = {
  ad: "Ad",
  user: "User",
  admin: "Admin",
  ad_report: "Ad report",
  user_report: "User report",
  review: "Review",
  reply: "Reply",
  category: "Category",
  subcategory: "Subcategory",
  attribute: "Attribute",
  subcategory_attribute: "Subcategory attribute",
  attribute_option: "Option",
  screening_rule: "Rule",
  exchange_rate: "Exchange rate",
};

const targetOf = (entry: AuditChange) =>
  `${TARGETS[entry.target_type] ?? entry.target_type.replaceAll("_", " ")} #${entry.target_id}`;

/** A value of a field the sentences below do not know, readable: ids stay numbers, objects their JSON. */
const shown = (value: unknown) =>
  value === undefined || value === null ? "none" : typeof value === "object" ? JSON.stringify(value) : String(value);

/** A banned-words rule (issue 28) in words: 'refuses the word “tramadol” (Selling prescription medicines …)'. */
const ruleText = (rule: Record<string, unknown>) =>
  `${rule.action === "refuse" ? "refuses" : "flags"} the ${rule.kind === "pattern" ? "pattern" : "word"} ${words(rule.pattern)} (${shown(rule.reason)})`;

/**
 * An audit entry as a sentence an admin reads at a glance (issue 26): "Ad report #12 resolved: Under Review →
 * Resolved", "User #7 banned: Active → Banned, 3 ads hidden, 2 sessions ended". Status ids read as the spec's names.
 * An action this list does not know yet still reads as its target and its changed fields.
 */
export function auditSentence(entry: AuditChange): string {
  const before = stateOf(entry.before);
  const after = stateOf(entry.after);
  const target = targetOf(entry);
  const [kind, verb] = entry.action.split(".");

  switch (entry.action) {
    case "ad_report.status":
    case "user_report.status": {
      const from = named(REPORT_STATUS_NAMES, before.status_id);
      const to = named(REPORT_STATUS_NAMES, after.status_id);
      const answered =
        after.admin_response && after.admin_response !== before.admin_response
          ? ` with the answer ${words(after.admin_response)}`
          : "";
      return `${target} ${REPORT_VERBS[to] ?? "changed"}: ${from} → ${to}${answered}`;
    }
    case "ad.status": {
      const to = named(AD_STATUS_NAMES, after.status_id);
      const done = to === "Hidden" ? "hidden" : to === "Active" ? "activated" : "changed";
      return `${target} ${done}: ${named(AD_STATUS_NAMES, before.status_id)} → ${to}`;
    }
    case "user.status": {
      const to = named(USER_STATUS_NAMES, after.status_id);
      const effects =
        to === "Banned"
          ? [
              count(after.hidden_ad_ids, "ad hidden", "ads hidden"),
              count(after.revoked_sessions, "session ended", "sessions ended"),
            ]
          : [count(after.restored_ad_ids, "ad shown again", "ads shown again")];
      const done = to === "Banned" ? "banned" : to === "Active" ? "reactivated" : "changed";
      return [`${target} ${done}: ${named(USER_STATUS_NAMES, before.status_id)} → ${to}`, ...effects]
        .filter(Boolean)
        .join(", ");
    }
    case "admin.status": {
      const to = shown(after.status);
      const done = to === "Suspended" ? "suspended" : to === "Active" ? "reactivated" : "changed";
      return [
        `${target} ${done}: ${shown(before.status)} → ${to}`,
        count(after.revoked_sessions, "session ended", "sessions ended"),
      ]
        .filter(Boolean)
        .join(", ");
    }
    case "admin.two_factor.enrol":
      return `${target} set up an authenticator app, with ${shown(after.recovery_codes)} recovery codes`;
    case "admin.two_factor.recovery_code":
      return `${target} signed in with a recovery code, ${shown(after.recovery_codes_left)} left`;
    case "admin.two_factor.reset":
      return [
        `${target}'s second factor reset: an authenticator is set up again at the next sign-in`,
        count(after.revoked_sessions, "session ended", "sessions ended"),
      ]
        .filter(Boolean)
        .join(", ");
    case "ad.mark_reviewed":
      return `${target} marked reviewed`;
    case "ad.unmark_reviewed":
      return `${target} back in the moderation queue`;
    case "review.delete":
    case "reply.delete":
      return `${target} deleted${before.ad_id ? ` from ad #${shown(before.ad_id)}` : ""}${before.review_id ? ` from review #${shown(before.review_id)}` : ""}${"content" in before ? `: ${words(before.content)}` : ""}`;
    case "category.create":
    case "subcategory.create":
      return `${target} ${words(after.name)} created${after.category_id ? ` in category #${shown(after.category_id)}` : ""}${after.active === false ? ", inactive" : ""}`;
    case "category.active":
    case "subcategory.active":
      return `${target} ${after.active ? "activated" : "deactivated"}`;
    case "attribute.create":
      return `${target} ${words(after.name)} created, type ${named(ATTRIBUTE_TYPE_NAMES, after.attribute_type_id)}`;
    case "subcategory_attribute.create": {
      const options =
        Array.isArray(after.options) && after.options.length ? `, options ${after.options.join(", ")}` : "";
      return `${target} created: attribute #${shown(after.attribute_id)} in subcategory #${shown(after.subcategory_id)}, required ${yesNo(after.is_required)}${options}`;
    }
    case "subcategory_attribute.delete":
      return `${target} removed from subcategory #${shown(before.subcategory_id)}${after.attribute_deleted ? ", and its attribute deleted" : ""}`;
    case "attribute_option.create":
      return `Options added to ${target}: ${Array.isArray(after.values) ? after.values.join(", ") : ""}`;
    case "attribute_option.update":
      return `${target} changed: ${words(before.value)} → ${words(after.value)}`;
    case "attribute_option.delete":
      return `${target} ${words(before.value)} deleted from subcategory attribute #${shown(before.subcategory_attribute_id)}`;
    case "screening_rule.create":
      return `${target} created: ${ruleText(after)}`;
    case "screening_rule.update":
      return `${target} changed: ${ruleText(before)} → ${ruleText(after)}`;
    case "screening_rule.delete":
      return `${target} deleted: ${ruleText(before)}`;
    case "exchange_rate.set": {
      // Issue 30: "Exchange rate set to L$ 192.50 per US$ (was L$ 190.00): CBL 27 Nov".
      const was = typeof before.usd_lrd === "number" ? ` (was ${formatRate(before.usd_lrd)})` : "";
      const note = typeof after.note === "string" && after.note ? `: ${after.note}` : "";
      return `Exchange rate set to ${formatRate(Number(after.usd_lrd))} per US$${was}${note}`;
    }
    case "users.export":
      return `Exported to CSV: ${describeUserFilters(after)}`;
    case "ads.export":
      return `Exported to CSV: ${describeAdFilters(after)}`;
  }
  if (verb === "update") {
    const changes = catalogChanges(before, after);
    return `${target} changed${changes ? `: ${changes}` : ""}`;
  }
  // Not known yet: the action's words, then each changed field.
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  const changes = keys.map((key) => `${key.replaceAll("_", " ")} ${shown(before[key])} → ${shown(after[key])}`);
  return [`${target}: ${(verb ?? kind ?? "").replaceAll("_", " ")}`, ...changes].join(", ");
}

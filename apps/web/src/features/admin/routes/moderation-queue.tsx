import { ADMIN_DESCRIPTION_CUT, ADMIN_TABLE_PAGE } from "@waterside/shared/admin-messages";
import type { TModerationQueueItem } from "@waterside/shared/admin-moderation-queue";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { Link } from "react-router";
import { formatPrice, useFormatDate } from "~/lib/format";
import { notify } from "~/lib/notify";
import { withSignal } from "~/lib/api-client";
import { usePagedList } from "~/lib/use-paged-list";
import { adminTransport, requireAdmin } from "../admin-session";
import { getModerationQueue } from "../api/get-moderation-queue";
import { setAdReviewed } from "../api/set-ad-reviewed";
import { setAdStatus } from "../api/set-ad-status";
import { AdminPage } from "../components/admin-page";
import { ADMIN_FAILURES } from "../components/failures";
import { AdminTable } from "../components/admin-table";
import { useConfirm } from "../components/confirm-dialog";
import { AdFlags, type StatusTarget } from "../components/moderation/ad-flags";
import { RowMenu } from "../components/row-menu";
import { SegmentTabs } from "../components/segment-tabs";
import { StatusBadge } from "../components/status-badge";
import { useFilters } from "../components/use-filters";

export function clientLoader() {
  requireAdmin();
  return null;
}

const REVIEWED_TABS = [
  { value: "no", label: "Not reviewed" },
  { value: "yes", label: "Reviewed" },
  { value: "all", label: "All" },
] as const;
type ReviewedTab = (typeof REVIEWED_TABS)[number]["value"];

const cut = (text: string) =>
  text.length > ADMIN_DESCRIPTION_CUT ? `${text.slice(0, ADMIN_DESCRIPTION_CUT).trimEnd()}…` : text;

/** A row with ad `adId`'s new status, wherever it shows: the row itself, or a flag's other ad. */
function withStatus(row: TModerationQueueItem, adId: number, status: StatusTarget["status"]): TModerationQueueItem {
  return {
    ...row,
    ...(row.id === adId && { status_id: status.id, status }),
    flags: row.flags.map((flag) =>
      flag.other_ad?.id === adId ? { ...flag, other_ad: { ...flag.other_ad, status } } : flag,
    ),
  };
}

/**
 * The moderation queue (issue 16, decision 052; the FAQ promises a review within hours): ads that reports took
 * offline first, then the newest. Marking an ad reviewed keeps it on screen, ticked, so the admin sees how far they
 * got; the next visit starts after it. Each ad shows why the posting checks flagged it (issue 28), and "Flagged only"
 * (?flagged=yes) narrows the queue to those.
 */
export default function ModerationQueue() {
  const formatDate = useFormatDate();
  const { filters, setFilters } = useFilters();
  const { confirm, dialog } = useConfirm();
  const list = usePagedList(
    (page, signal) =>
      getModerationQueue(withSignal(adminTransport, signal), { ...filters, page, per_page: ADMIN_TABLE_PAGE }),
    filters,
  );

  async function mark(item: TModerationQueueItem, reviewed: boolean) {
    try {
      list.replace(await setAdReviewed(adminTransport, item.id, reviewed));
    } catch (error) {
      notify("error", ADMIN_FAILURES.statusUpdate(error));
    }
  }

  /**
   * Hides or shows an ad: a row's own, or the other seller's ad a duplicate-photo flag links (issue 28). Every place
   * the queue shows that ad, as a row or in a flag, takes its new status.
   */
  async function changeStatus(item: StatusTarget) {
    const hide = item.status.id !== AD_STATUS.hidden;
    const agreed = await confirm(
      hide
        ? { title: "Hide this ad?", text: `"${item.title}" will leave public lists and search.`, confirm: "Hide ad" }
        : {
            title: "Activate this ad?",
            text: `"${item.title}" will show in public lists again.`,
            confirm: "Activate ad",
          },
    );
    if (!agreed) return;
    try {
      const ad = await setAdStatus(adminTransport, item.id, hide ? "Hidden" : "Active");
      list.update((rows) => ({ ...rows, items: rows.items.map((row) => withStatus(row, ad.id, ad.status)) }));
      notify("success", "Updated!");
    } catch (error) {
      notify("error", ADMIN_FAILURES.statusUpdate(error));
    }
  }

  return (
    <AdminPage title="Moderation queue">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <SegmentTabs
          label="Reviewed"
          options={REVIEWED_TABS}
          value={(filters.reviewed as ReviewedTab | undefined) ?? "no"}
          onChange={(reviewed) => setFilters({ reviewed: reviewed === "no" ? undefined : reviewed })}
        />
        <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            checked={filters.flagged === "yes"}
            onChange={(event) => setFilters({ flagged: event.target.checked ? "yes" : undefined })}
            className="size-4 accent-emerald-700"
          />
          Flagged only
        </label>
      </div>
      <AdminTable
        caption="Moderation queue"
        list={list}
        columns={[
          {
            header: "Ad",
            cell: (item) => (
              <span className="block min-w-0">
                <Link
                  to={`/admin/ads/${item.user_id}/${item.id}`}
                  className="font-medium text-emerald-800 hover:underline"
                >
                  {item.title}
                </Link>
                <span className="block text-xs text-slate-500">
                  {formatPrice(item.price)} · {item.user.name} · {cut(item.description)}
                </span>
                <AdFlags ad={item} flags={item.flags} onChangeStatus={(ad) => void changeStatus(ad)} />
              </span>
            ),
          },
          {
            header: "Reports",
            cell: (item) =>
              item.open_reports_count > 0 ? (
                <Link to={`/admin/ads-reports?ad_id=${item.id}`} className="font-semibold text-red-700 hover:underline">
                  {item.open_reports_count} open
                </Link>
              ) : (
                "—"
              ),
          },
          { header: "Status", cell: (item) => <StatusBadge name={item.status.name} /> },
          { header: "Posted", cell: (item) => formatDate(item.created_at), wide: true },
          {
            header: "Reviewed",
            cell: (item) =>
              item.reviewed_at ? (
                <span className="text-sm">
                  ✓ {item.reviewed_by?.name ?? "An admin"}
                  <span className="block text-xs text-slate-500">{formatDate(item.reviewed_at)}</span>
                </span>
              ) : (
                <button
                  type="button"
                  onClick={() => void mark(item, true)}
                  aria-label={`Mark reviewed: ${item.title}`}
                  className="rounded-lg bg-emerald-700 px-2.5 py-1 text-sm font-semibold whitespace-nowrap text-white hover:bg-emerald-800"
                >
                  Mark reviewed
                </button>
              ),
          },
          {
            header: "Actions",
            cell: (item) => (
              <RowMenu
                label={`Actions for ${item.title}`}
                actions={[
                  {
                    label: item.status_id === AD_STATUS.hidden ? "Activate ad" : "Hide ad",
                    onSelect: () => void changeStatus(item),
                    danger: item.status_id !== AD_STATUS.hidden,
                  },
                  ...(item.reviewed_at ? [{ label: "Back to the queue", onSelect: () => void mark(item, false) }] : []),
                ]}
              />
            ),
          },
        ]}
      />
      {dialog}
    </AdminPage>
  );
}

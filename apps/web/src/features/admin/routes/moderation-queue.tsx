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

/**
 * The moderation queue (issue 16, decision 052; the FAQ promises a review within hours): ads that reports took
 * offline first, then the newest. Marking an ad reviewed keeps it on screen, ticked, so the admin sees how far they
 * got; the next visit starts after it.
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

  async function changeStatus(item: TModerationQueueItem) {
    const hide = item.status_id !== AD_STATUS.hidden;
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
      list.replace({ ...item, status_id: ad.status_id, status: ad.status });
      notify("success", "Updated!");
    } catch (error) {
      notify("error", ADMIN_FAILURES.statusUpdate(error));
    }
  }

  return (
    <AdminPage title="Moderation queue">
      <SegmentTabs
        label="Reviewed"
        options={REVIEWED_TABS}
        value={(filters.reviewed as ReviewedTab | undefined) ?? "no"}
        onChange={(reviewed) => setFilters({ reviewed: reviewed === "no" ? undefined : reviewed })}
      />
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
                  aria-label={`Mark ${item.title} reviewed`}
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

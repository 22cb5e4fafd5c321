import type { TAdminDeal } from "@waterside/shared/deals";
import { DEAL_DISPUTE_REASON_TEXT, DEAL_STATUS_TEXT, dealAmountText } from "@waterside/shared/deals-messages";
import { Link } from "react-router";
import { withSignal } from "~/lib/api-client";
import { useFormatDate } from "~/lib/format";
import { usePagedList } from "~/lib/use-paged-list";
import { adminTransport, requireAdmin } from "../admin-session";
import { getAdminDeals } from "../api/get-admin-deals";
import { AdminPage } from "../components/admin-page";
import { AdminTable } from "../components/admin-table";
import { SegmentTabs } from "../components/segment-tabs";
import { StatusBadge } from "../components/status-badge";
import { useFilters } from "../components/use-filters";

export function clientLoader() {
  requireAdmin();
  return null;
}

/** The queue's views: the disputes (the API's default), the deals whose ledger does not balance, and other states. */
const VIEWS = [
  { value: "disputed", label: "Disputes" },
  { value: "ledger", label: "Ledger differences" },
  { value: "held", label: "Held" },
  { value: "released", label: "Released" },
  { value: "refunded", label: "Refunded" },
] as const;
type View = (typeof VIEWS)[number]["value"];

/**
 * The safe deals' disputes queue (issue 33): the deals a party froze, oldest question first as the API orders them,
 * with who bought from whom, what went wrong and what the ledger's reconciliation found; "Ledger differences" lists
 * the deals whose entries or provider statuses do not match (?ledger_difference=true). Each opens its detail.
 */
export default function AdminDisputes() {
  const formatDate = useFormatDate();
  const { filters, setFilters } = useFilters();
  const view: View =
    filters.ledger_difference === "true" ? "ledger" : ((filters.status as View | undefined) ?? "disputed");
  const query = view === "ledger" ? { ledger_difference: "true" } : view === "disputed" ? {} : { status: view };
  const list = usePagedList(
    (page, signal) => getAdminDeals(withSignal(adminTransport, signal), { ...query, page }),
    view,
  );
  return (
    <AdminPage title="Disputes">
      <SegmentTabs
        label="Which deals"
        options={VIEWS}
        value={view}
        onChange={(next) =>
          setFilters(
            next === "ledger" ? { ledger_difference: "true" } : next === "disputed" ? {} : { status: next },
            true,
          )
        }
      />
      <AdminTable<TAdminDeal>
        caption="Safe deals"
        list={list}
        columns={[
          {
            header: "Deal",
            cell: (deal) => (
              <Link to={`/admin/deals/${deal.id}`} className="font-medium text-emerald-800 hover:underline">
                #{deal.id} {deal.ad?.title ?? "Item no longer listed"}
              </Link>
            ),
          },
          {
            header: "Amount",
            cell: (deal) => <span className="whitespace-nowrap">{dealAmountText(deal.amount, deal.currency)}</span>,
          },
          {
            header: "Buyer → seller",
            cell: (deal) => (
              <span>
                {deal.buyer.name} → {deal.seller.name}
              </span>
            ),
            wide: true,
          },
          { header: "State", cell: (deal) => <StatusBadge name={DEAL_STATUS_TEXT[deal.status]} /> },
          {
            header: "Dispute",
            cell: (deal) =>
              deal.dispute ? (
                <span className="break-words">
                  {DEAL_DISPUTE_REASON_TEXT[deal.dispute.reason]} (by the {deal.dispute.by})
                </span>
              ) : (
                "—"
              ),
            wide: true,
          },
          {
            header: "Ledger",
            cell: (deal) =>
              deal.ledger_difference ? <span className="text-red-800">{deal.ledger_difference}</span> : "Balanced",
            wide: true,
          },
          { header: "Updated", cell: (deal) => formatDate(deal.updated_at, "time"), wide: true },
        ]}
      />
    </AdminPage>
  );
}

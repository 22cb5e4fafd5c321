import type { TDeal } from "@waterside/shared/deals";
import {
  DEAL_ROLES,
  DEAL_STATUS_TEXT,
  DEAL_STATUSES,
  dealAmountText,
  type TDealRole,
  type TDealStatus,
} from "@waterside/shared/deals-messages";
import { useId, useState } from "react";
import { Link } from "react-router";
import { PagedList } from "~/components/paged-list";
import { inputClass } from "~/components/ui/form-field";
import { withSignal } from "~/lib/api-client";
import { useFormatDate } from "~/lib/format";
import { authedTransport } from "~/lib/session";
import { getDeals, type DealFilters } from "../api/get-deals";
import { DealStatus } from "./deal-status";

const ROLE_TEXT: Record<TDealRole, string> = { buyer: "Buying", seller: "Selling" };

/**
 * The profile's "Deals" tab (issue 33): the user's safe and cash deals, newest first, filtered by state and by
 * whether they buy or sell; each opens the deal.
 */
export function DealsTab() {
  const statusId = useId();
  const roleId = useId();
  const [filters, setFilters] = useState<DealFilters>({});
  const formatDate = useFormatDate();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-3">
        <div className="space-y-1">
          <label htmlFor={statusId} className="block text-sm font-medium text-slate-800">
            State
          </label>
          <select
            id={statusId}
            className={inputClass}
            value={filters.status ?? ""}
            onChange={(event) =>
              setFilters({ ...filters, status: (event.target.value || undefined) as TDealStatus | undefined })
            }
          >
            <option value="">All states</option>
            {DEAL_STATUSES.map((status) => (
              <option key={status} value={status}>
                {DEAL_STATUS_TEXT[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor={roleId} className="block text-sm font-medium text-slate-800">
            Role
          </label>
          <select
            id={roleId}
            className={inputClass}
            value={filters.role ?? ""}
            onChange={(event) =>
              setFilters({ ...filters, role: (event.target.value || undefined) as TDealRole | undefined })
            }
          >
            <option value="">Buying and selling</option>
            {DEAL_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_TEXT[role]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <PagedList<TDeal>
        title="Deals"
        empty={
          filters.status || filters.role
            ? "No deals match these filters."
            : "No deals yet. Buy with Safe Deal from an ad page: your money is held until you have the item."
        }
        loadFailed="Your deals could not be loaded."
        fetchPage={(page, signal) => getDeals(withSignal(authedTransport, signal), filters, page)}
        filterKey={filters}
        keyOf={(deal) => deal.id}
        render={(deal) => (
          <Link
            to={`/deals/${deal.id}`}
            className="flex items-start justify-between gap-3 rounded-lg hover:bg-slate-50"
          >
            <span className="min-w-0">
              <span className="block font-medium wrap-anywhere text-slate-900">
                {deal.ad?.title ?? "An item no longer listed"}
              </span>
              <span className="block text-sm text-slate-600">
                {deal.role === "buyer" ? `From ${deal.seller.name}` : `To ${deal.buyer.name}`} ·{" "}
                {dealAmountText(deal.amount, deal.currency)} · {formatDate(deal.created_at)}
              </span>
            </span>
            <DealStatus status={deal.status} className="shrink-0" />
          </Link>
        )}
      />
    </div>
  );
}

import {
  ADMIN_AD_SORT_FIELDS,
  ADMIN_AD_STATUS_NAMES,
  ADMIN_DESCRIPTION_CUT,
  ADMIN_FILTER_ALL,
  ADMIN_TABLE_PAGE,
  AD_STATUS_BY_NAME,
} from "@waterside/shared/admin-messages";
import type { TAdListItem } from "@waterside/shared/ads";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import type { TCategory } from "@waterside/shared/catalog";
import { Link, useParams } from "react-router";
import type { Route } from "./+types/ads";
import { inputClass } from "~/components/ui/form-field";
import { browserTransport, withSignal } from "~/lib/api-client";
import { getCategories } from "~/lib/api/get-categories";
import { formatPrice, useFormatDate } from "~/lib/format";
import { notify } from "~/lib/notify";
import { usePagedList } from "~/lib/use-paged-list";
import { adminTransport, requireAdmin } from "../admin-session";
import { getAdminAds } from "../api/get-admin-ads";
import { setAdStatus } from "../api/set-ad-status";
import { AdminPage } from "../components/admin-page";
import { ADMIN_FAILURES } from "../components/failures";
import { AdminTable } from "../components/admin-table";
import { useConfirm } from "../components/confirm-dialog";
import { ExportButton } from "../components/export-button";
import { describeAdFilters } from "../export-filters";
import { FilterDialog } from "../components/filter-dialog";
import { RowMenu } from "../components/row-menu";
import { SearchBox } from "../components/search-box";
import { SegmentTabs } from "../components/segment-tabs";
import { StatusBadge } from "../components/status-badge";
import { useFilters } from "../components/use-filters";

export async function clientLoader() {
  requireAdmin();
  // The filter's choices; the table works without them.
  const categories = await getCategories(browserTransport).catch((): TCategory[] => []);
  return { categories };
}

/**
 * Spec §9 ad status filter (All/Active/Hidden), then every other status the filter takes: Pending, ads that reports
 * took offline (decision 043), and Expired and Sold, the ad's life (issue 28).
 */
const STATUS_TABS = [
  ADMIN_FILTER_ALL,
  ...Object.keys(ADMIN_AD_STATUS_NAMES),
  ...Object.keys(AD_STATUS_BY_NAME).filter((name) => !(name in ADMIN_AD_STATUS_NAMES)),
].map((value) => ({ value, label: value }));

const SORT_LABELS: Record<(typeof ADMIN_AD_SORT_FIELDS)[number], string> = {
  created_at: "Posted",
  updated_at: "Last updated",
  price: "Price",
  title: "Title",
  visibility_score: "Popular",
};

const FILTER_NAMES = ["category_id", "subcategory_id", "price_min", "price_max", "has_active_subscription", "sort_by"];

/** Spec §9: the admin table cuts descriptions at 50 characters. */
const cut = (text: string) =>
  text.length > ADMIN_DESCRIPTION_CUT ? `${text.slice(0, ADMIN_DESCRIPTION_CUT).trimEnd()}…` : text;

/**
 * Spec second document §2 /admin/ads (every ad) and /admin/ads/{userId} (one user's): search, status tabs, a filter
 * modal, Load More, Total count, and Hide/Activate after a confirmation.
 */
export default function AdminAds({ loaderData }: Route.ComponentProps) {
  const formatDate = useFormatDate();
  const { categories } = loaderData;
  const { userId } = useParams();
  const { filters, setFilters } = useFilters();
  const { confirm, dialog } = useConfirm();
  const query = { ...filters, user_id: userId };
  const list = usePagedList(
    (page, signal) => getAdminAds(withSignal(adminTransport, signal), { ...query, page, per_page: ADMIN_TABLE_PAGE }),
    query,
  );
  const ownerName = userId ? list.data?.items[0]?.user.name : undefined;

  async function changeStatus(ad: TAdListItem) {
    const hide = ad.status_id !== AD_STATUS.hidden;
    const agreed = await confirm(
      hide
        ? { title: "Hide this ad?", text: `"${ad.title}" will leave public lists and search.`, confirm: "Hide ad" }
        : {
            title: "Activate this ad?",
            text: `"${ad.title}" will show in public lists again.`,
            confirm: "Activate ad",
          },
    );
    if (!agreed) return;
    try {
      list.replace(await setAdStatus(adminTransport, ad.id, hide ? "Hidden" : "Active"));
      notify("success", "Updated!");
    } catch (error) {
      notify("error", ADMIN_FAILURES.statusUpdate(error));
    }
  }

  return (
    <AdminPage
      title={userId ? `Ads of ${ownerName ?? `user #${userId}`}` : "Ads"}
      tools={
        <>
          <SearchBox label="Search ads" value={filters.search ?? ""} onSearch={(search) => setFilters({ search })} />
          <FilterDialog
            title="Filter ads"
            activeCount={FILTER_NAMES.filter((name) => filters[name]).length}
            onApply={(values) =>
              setFilters(Object.fromEntries(FILTER_NAMES.concat("sort_order").map((name) => [name, values[name]])))
            }
          >
            <AdFilterFields filters={filters} categories={categories} />
          </FilterDialog>
          <ExportButton
            path="/admin/ads/export.csv"
            method="POST"
            query={query}
            fileName="ads.csv"
            holds={describeAdFilters(query, {
              category: (id) => categories.find((category) => category.id === id)?.name,
              subcategory: (id) =>
                categories.flatMap((category) => category.subcategories).find((subcategory) => subcategory.id === id)
                  ?.name,
              owner: ownerName,
            })}
            total={list.data?.total}
            contents="owners' names and emails"
          />
        </>
      }
    >
      <SegmentTabs
        label="Ad status"
        options={STATUS_TABS}
        value={filters.status ?? ADMIN_FILTER_ALL}
        onChange={(status) => setFilters({ status: status === ADMIN_FILTER_ALL ? undefined : status })}
      />
      <AdminTable
        caption="Ads"
        list={list}
        columns={[
          {
            header: "Ad",
            cell: (ad) => (
              <span className="flex items-start gap-2">
                {ad.images[0] && (
                  <img
                    src={ad.images[0].image_url}
                    alt=""
                    width={48}
                    height={48}
                    loading="lazy"
                    className="size-12 shrink-0 rounded object-cover"
                  />
                )}
                <span className="min-w-0">
                  <Link
                    to={`/admin/ads/${ad.user_id}/${ad.id}`}
                    className="font-medium text-emerald-800 hover:underline"
                  >
                    {ad.title}
                  </Link>
                  <span className="block text-xs text-slate-500">{cut(ad.description)}</span>
                </span>
              </span>
            ),
          },
          { header: "Price", cell: (ad) => formatPrice(ad.price) },
          {
            header: "Category",
            cell: (ad) => `${ad.subcategory.category.name} › ${ad.subcategory.name}`,
            wide: true,
          },
          {
            header: "Seller",
            cell: (ad) => (
              <Link to={`/admin/ads/${ad.user_id}`} className="hover:underline">
                {ad.user.name}
              </Link>
            ),
            wide: true,
          },
          { header: "Status", cell: (ad) => <StatusBadge name={ad.status.name} /> },
          { header: "Posted", cell: (ad) => formatDate(ad.created_at), wide: true },
          {
            header: "Actions",
            cell: (ad) => (
              <RowMenu
                label={`Actions for ${ad.title}`}
                actions={[
                  {
                    label: ad.status_id === AD_STATUS.hidden ? "Activate ad" : "Hide ad",
                    onSelect: () => void changeStatus(ad),
                    danger: ad.status_id !== AD_STATUS.hidden,
                  },
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

function AdFilterFields({ filters, categories }: { filters: Record<string, string>; categories: TCategory[] }) {
  const field = "block space-y-1 text-sm font-medium";
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <label className={field}>
        <span>Category</span>
        <select name="category_id" defaultValue={filters.category_id ?? ""} className={inputClass}>
          <option value="">All</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
      </label>
      <label className={field}>
        <span>Subcategory</span>
        <select name="subcategory_id" defaultValue={filters.subcategory_id ?? ""} className={inputClass}>
          <option value="">All</option>
          {categories.map((category) => (
            <optgroup key={category.id} label={category.name}>
              {category.subcategories.map((subcategory) => (
                <option key={subcategory.id} value={subcategory.id}>
                  {subcategory.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <label className={field}>
        <span>Price from</span>
        <input name="price_min" type="number" min={0} defaultValue={filters.price_min} className={inputClass} />
      </label>
      <label className={field}>
        <span>Price to</span>
        <input name="price_max" type="number" min={0} defaultValue={filters.price_max} className={inputClass} />
      </label>
      <label className={field}>
        <span>Sort by</span>
        <select name="sort_by" defaultValue={filters.sort_by ?? ""} className={inputClass}>
          <option value="">Newest first</option>
          {ADMIN_AD_SORT_FIELDS.map((field) => (
            <option key={field} value={field}>
              {SORT_LABELS[field]}
            </option>
          ))}
        </select>
      </label>
      <label className={field}>
        <span>Order</span>
        <select name="sort_order" defaultValue={filters.sort_order ?? ""} className={inputClass}>
          <option value="">Default</option>
          <option value="asc">Ascending</option>
          <option value="desc">Descending</option>
        </select>
      </label>
      <label className="flex items-center gap-2 text-sm font-medium sm:col-span-2">
        <input
          type="checkbox"
          name="has_active_subscription"
          value="true"
          defaultChecked={filters.has_active_subscription === "true"}
          className="size-4 accent-emerald-700"
        />
        Boosted now (active package)
      </label>
    </div>
  );
}

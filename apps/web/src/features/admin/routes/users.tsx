import type { TAdminUser } from "@waterside/shared/admin";
import {
  ADMIN_FILTER_ALL,
  ADMIN_TABLE_PAGE,
  ADMIN_USER_SORT_FIELDS,
  USER_STATUS_BY_NAME,
  USER_TYPE_BY_NAME,
} from "@waterside/shared/admin-messages";
import { USER_STATUS } from "@waterside/shared/reference-ids";
import { Link } from "react-router";
import { inputClass } from "~/components/ui/form-field";
import { useFormatDate } from "~/lib/format";
import { notify } from "~/lib/notify";
import { withSignal } from "~/lib/api-client";
import { usePagedList } from "~/lib/use-paged-list";
import { requireAdmin, adminTransport } from "../admin-session";
import { getAdminUsers } from "../api/get-admin-users";
import { setUserStatus } from "../api/set-user-status";
import { AdminPage } from "../components/admin-page";
import { ADMIN_FAILURES } from "../components/failures";
import { PersonCell } from "../components/person-cell";
import { AdminTable } from "../components/admin-table";
import { useConfirm } from "../components/confirm-dialog";
import { ExportButton } from "../components/export-button";
import { describeUserFilters } from "../export-filters";
import { FilterDialog } from "../components/filter-dialog";
import { RowMenu } from "../components/row-menu";
import { SearchBox } from "../components/search-box";
import { SegmentTabs } from "../components/segment-tabs";
import { StatusBadge } from "../components/status-badge";
import { useFilters } from "../components/use-filters";

export function clientLoader() {
  requireAdmin();
  return null;
}

const STATUS_TABS = [ADMIN_FILTER_ALL, ...Object.keys(USER_STATUS_BY_NAME)].map((value) => ({ value, label: value }));

const SORT_LABELS: Record<(typeof ADMIN_USER_SORT_FIELDS)[number], string> = {
  created_at: "Joined",
  name: "Name",
  email: "Email",
  phone_number: "Phone number",
};

/** Spec second document §2 /admin/users: the Users List with search, status tabs, filters and Ban/Activate. */
export default function AdminUsers() {
  const formatDate = useFormatDate();
  const { filters, setFilters } = useFilters();
  const { confirm, dialog } = useConfirm();
  const list = usePagedList(
    (page, signal) =>
      getAdminUsers(withSignal(adminTransport, signal), { ...filters, page, per_page: ADMIN_TABLE_PAGE }),
    filters,
  );

  async function changeStatus(user: TAdminUser) {
    const ban = user.status_id === USER_STATUS.active;
    const agreed = await confirm(
      ban
        ? {
            title: "Ban this user?",
            text: `${user.name} will be signed out everywhere, and their ads will leave public lists.`,
            confirm: "Ban user",
          }
        : {
            title: "Activate this user?",
            text: `${user.name} can sign in again, and the ads the ban hid return to public lists.`,
            confirm: "Activate user",
          },
    );
    if (!agreed) return;
    try {
      list.replace(await setUserStatus(adminTransport, user.id, ban ? USER_STATUS.banned : USER_STATUS.active));
      notify("success", "Updated!");
    } catch (error) {
      notify("error", ADMIN_FAILURES.statusUpdate(error));
    }
  }

  const activeFilters = ["usertype", "sort_by"].filter((name) => filters[name]).length;
  return (
    <AdminPage
      title="Users"
      tools={
        <>
          <SearchBox
            label="Search name, email or phone"
            value={filters.search ?? ""}
            onSearch={(search) => setFilters({ search })}
          />
          <FilterDialog
            title="Filter users"
            activeCount={activeFilters}
            onApply={(values) =>
              setFilters({ usertype: values.usertype, sort_by: values.sort_by, sort_order: values.sort_order })
            }
          >
            <label className="block space-y-1 text-sm font-medium">
              <span>User type</span>
              <select name="usertype" defaultValue={filters.usertype ?? ""} className={inputClass}>
                <option value="">{ADMIN_FILTER_ALL}</option>
                {Object.keys(USER_TYPE_BY_NAME).map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
            <label className="block space-y-1 text-sm font-medium">
              <span>Sort by</span>
              <select name="sort_by" defaultValue={filters.sort_by ?? ""} className={inputClass}>
                <option value="">Newest first</option>
                {ADMIN_USER_SORT_FIELDS.map((field) => (
                  <option key={field} value={field}>
                    {SORT_LABELS[field]}
                  </option>
                ))}
              </select>
            </label>
            <label className="block space-y-1 text-sm font-medium">
              <span>Order</span>
              <select name="sort_order" defaultValue={filters.sort_order ?? ""} className={inputClass}>
                <option value="">Default</option>
                <option value="asc">Ascending</option>
                <option value="desc">Descending</option>
              </select>
            </label>
          </FilterDialog>
          <ExportButton
            path="/admin/users/export.csv"
            method="GET"
            query={filters}
            fileName="users.csv"
            holds={describeUserFilters(filters)}
            total={list.data?.total}
            contents="names, emails and phone numbers"
          />
        </>
      }
    >
      <SegmentTabs
        label="User status"
        options={STATUS_TABS}
        value={filters.status ?? ADMIN_FILTER_ALL}
        onChange={(status) => setFilters({ status: status === ADMIN_FILTER_ALL ? undefined : status })}
      />
      <AdminTable
        caption="Users"
        list={list}
        columns={[
          {
            header: "Name",
            cell: (user) => <PersonCell name={user.name} email={user.email} imageUrl={user.profile_image_url} />,
          },
          { header: "Email", cell: (user) => <span className="break-all">{user.email ?? "—"}</span>, wide: true },
          { header: "Phone", cell: (user) => user.phone_number ?? "—", wide: true },
          { header: "Type", cell: (user) => user.usertype.name, wide: true },
          { header: "Status", cell: (user) => <StatusBadge name={user.status.name} /> },
          { header: "Joined", cell: (user) => formatDate(user.created_at), wide: true },
          {
            header: "Actions",
            cell: (user) => (
              <div className="flex items-center gap-2">
                <RowMenu
                  label={`Actions for ${user.name}`}
                  actions={[
                    {
                      label: user.status_id === USER_STATUS.active ? "Ban user" : "Activate user",
                      onSelect: () => void changeStatus(user),
                      danger: user.status_id === USER_STATUS.active,
                    },
                  ]}
                />
                <Link to={`/admin/ads/${user.id}`} className="text-sm font-medium text-emerald-800 hover:underline">
                  Ads
                </Link>
                <Link
                  to={`/admin/users/reviews/${user.id}`}
                  className="text-sm font-medium text-emerald-800 hover:underline"
                >
                  Reviews
                </Link>
              </div>
            ),
          },
        ]}
      />
      {dialog}
    </AdminPage>
  );
}

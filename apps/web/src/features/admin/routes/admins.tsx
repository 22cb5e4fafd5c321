import type { TAdminAccount } from "@waterside/shared/admin";
import { ADMIN_TABLE_PAGE } from "@waterside/shared/admin-messages";
import { ADMIN_TWO_FACTOR_MESSAGES } from "@waterside/shared/admin-two-factor";
import { useFormatDate } from "~/lib/format";
import { notify } from "~/lib/notify";
import { withSignal } from "~/lib/api-client";
import { usePagedList } from "~/lib/use-paged-list";
import { adminTransport, requireAdmin, useAdminSession } from "../admin-session";
import { getAdminAccounts } from "../api/get-admin-accounts";
import { resetAdminTwoFactor } from "../api/reset-admin-two-factor";
import { setAdminAccountStatus } from "../api/set-admin-account-status";
import { AdminPage } from "../components/admin-page";
import { PersonCell } from "../components/person-cell";
import { AdminTable } from "../components/admin-table";
import { useConfirm } from "../components/confirm-dialog";
import { ADMIN_FAILURES } from "../components/failures";
import { RowMenu } from "../components/row-menu";
import { StatusBadge } from "../components/status-badge";

export function clientLoader() {
  requireAdmin();
  return null;
}

/**
 * Issue 24 (decision 057): the admins, with Suspend and Reactivate for every admin but the one reading; issue 27 adds
 * the reset of their second factor.
 */
export default function AdminAdmins() {
  const formatDate = useFormatDate();
  const session = useAdminSession();
  const { confirm, dialog } = useConfirm();
  const list = usePagedList(
    (page, signal) => getAdminAccounts(withSignal(adminTransport, signal), { page, per_page: ADMIN_TABLE_PAGE }),
    "admins",
  );

  async function changeStatus(admin: TAdminAccount) {
    const suspend = admin.status === "Active";
    const agreed = await confirm(
      suspend
        ? {
            title: "Suspend this admin?",
            text: `${admin.name} will be signed out everywhere at once and cannot sign in until another admin reactivates them.`,
            confirm: "Suspend admin",
          }
        : {
            title: "Reactivate this admin?",
            text: `${admin.name} can sign in to the admin area again.`,
            confirm: "Reactivate admin",
          },
    );
    if (!agreed) return;
    try {
      list.replace(await setAdminAccountStatus(adminTransport, admin.id, suspend ? "Suspended" : "Active"));
      notify("success", "Updated!");
    } catch (error) {
      notify("error", ADMIN_FAILURES.statusUpdate(error));
    }
  }

  // Issue 27: an admin who lost their authenticator sets up a new one at their next login.
  async function resetTwoFactor(admin: TAdminAccount) {
    const agreed = await confirm({
      title: "Reset second factor?",
      text: `${admin.name} will be signed out everywhere, their authenticator and recovery codes stop working, and they set up a new authenticator at their next login.`,
      confirm: "Reset second factor",
    });
    if (!agreed) return;
    try {
      list.replace(await resetAdminTwoFactor(adminTransport, admin.id));
      notify("success", ADMIN_TWO_FACTOR_MESSAGES.resetDone);
    } catch (error) {
      notify("error", ADMIN_FAILURES.statusUpdate(error));
    }
  }

  return (
    <AdminPage title="Admins">
      <AdminTable
        caption="Admins"
        list={list}
        columns={[
          {
            header: "Name",
            cell: (admin) => <PersonCell name={admin.name} email={admin.email} imageUrl={admin.profile_image_url} />,
          },
          { header: "Email", cell: (admin) => <span className="break-all">{admin.email}</span>, wide: true },
          { header: "Status", cell: (admin) => <StatusBadge name={admin.status} /> },
          {
            header: "Last sign-in",
            cell: (admin) => (admin.last_sign_in_at ? formatDate(admin.last_sign_in_at, "time") : "Never"),
            wide: true,
          },
          { header: "Added", cell: (admin) => formatDate(admin.created_at), wide: true },
          {
            header: "Actions",
            // Nobody changes their own status (decision 057): the reader's own row has no action.
            cell: (admin) =>
              admin.id === session.user?.id ? (
                <span className="text-sm text-slate-500">You</span>
              ) : (
                <RowMenu
                  label={`Actions for ${admin.name}`}
                  actions={[
                    {
                      label: admin.status === "Active" ? "Suspend admin" : "Reactivate admin",
                      onSelect: () => void changeStatus(admin),
                      danger: admin.status === "Active",
                    },
                    ...(admin.two_factor_enabled
                      ? [{ label: "Reset second factor", onSelect: () => void resetTwoFactor(admin), danger: true }]
                      : []),
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

import type { TAdminSubcategoryAttribute } from "@waterside/shared/admin-catalog";
import type { TSubcategory } from "@waterside/shared/catalog";
import { ADMIN_CATALOG_MESSAGES as M } from "@waterside/shared/admin-catalog-messages";
import { useState } from "react";
import { primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-field";
import { withSignal } from "~/lib/api-client";
import { notify } from "~/lib/notify";
import { useLoad, type Load } from "~/lib/use-load";
import { adminTransport } from "../../admin-session";
import { deleteSubcategoryAttribute } from "../../api/delete-subcategory-attribute";
import type { TAttributeType } from "../../api/get-attribute-types";
import { getSubcategoryAttributes } from "../../api/get-subcategory-attributes";
import { setSubcategoryActive } from "../../api/set-subcategory-active";
import { updateSubcategory } from "../../api/update-subcategory";
import { updateSubcategoryAttribute } from "../../api/update-subcategory-attribute";
import type { useConfirm } from "../confirm-dialog";
import { ActiveBadge } from "./active-badge";
import { ActiveSwitch } from "./active-switch";
import { AttributeDialog } from "./attribute-dialog";
import { AttributesTable } from "./attributes-table";
import { CatalogEntryDialog } from "./catalog-entry-dialog";
import { CatalogImage } from "./catalog-image";
import { ADMIN_FAILURES } from "../failures";
import { LoadStatus } from "../load-status";
import { SUBCATEGORY_PANEL_ID, subcategoryTabId } from "./subcategory-tabs";

type Confirm = ReturnType<typeof useConfirm>["confirm"];

/**
 * The chosen subcategory (spec second document §2 "Manage Categories", §4): rename it or change its picture,
 * switch it on or off after a confirmation, and manage its attributes. It cannot be switched on while it has
 * attributes and none of them is active.
 */
export function SubcategoryPanel({
  subcategory,
  types,
  confirm,
  onChanged,
}: {
  subcategory: TSubcategory;
  types: Load<TAttributeType[]>;
  confirm: Confirm;
  onChanged: (subcategory: TSubcategory) => void;
}) {
  const attributes = useLoad(
    (signal) => getSubcategoryAttributes(withSignal(adminTransport, signal), subcategory.id),
    subcategory.id,
  );
  const [editing, setEditing] = useState(false);
  const [toggling, setToggling] = useState(false);
  // The attribute being edited, by id: after a failed step the dialog works on what the table read again.
  const [dialog, setDialog] = useState<{ linkId: number | null } | null>(null);

  const links = attributes.data ?? null;
  const editedLink = links?.find((link) => link.id === dialog?.linkId) ?? null;
  const cannotActivate =
    !subcategory.active && links !== null && links.length > 0 && !links.some((link) => link.active);

  async function toggleActive() {
    const activate = !subcategory.active;
    const confirmed = await confirm(
      activate
        ? {
            title: "Activate subcategory?",
            text: `${subcategory.name} will show to buyers, and sellers can post ads in it.`,
            confirm: "Activate",
          }
        : {
            title: "Deactivate subcategory?",
            text: `${subcategory.name} and its ads will leave the public lists. Its ads are kept.`,
            confirm: "Deactivate",
          },
    );
    if (!confirmed) return;
    setToggling(true);
    try {
      onChanged(await setSubcategoryActive(adminTransport, subcategory.id, activate));
      notify("success", M.updated);
    } catch (error) {
      // The API's own reason, e.g. 'Cannot activate subcategory with no active attributes'.
      notify("error", ADMIN_FAILURES.update(error));
    } finally {
      setToggling(false);
    }
  }

  async function toggleAttribute(link: TAdminSubcategoryAttribute) {
    try {
      await updateSubcategoryAttribute(adminTransport, link.id, { active: !link.active });
      notify("success", M.updated);
    } catch (error) {
      notify("error", ADMIN_FAILURES.update(error));
    }
    await attributes.refresh();
  }

  async function deleteAttribute(link: TAdminSubcategoryAttribute) {
    const confirmed = await confirm({
      title: "Delete attribute?",
      text: `${link.attribute.name} will be deleted from ${subcategory.name} with its options. An attribute that ads carry values for cannot be deleted: switch it off instead.`,
      confirm: "Delete",
    });
    if (!confirmed) return;
    try {
      await deleteSubcategoryAttribute(adminTransport, link.id);
      notify("success", M.attributeDeleted);
    } catch (error) {
      notify("error", ADMIN_FAILURES.delete(error));
    }
    await attributes.refresh();
  }

  return (
    <section
      id={SUBCATEGORY_PANEL_ID}
      role="tabpanel"
      aria-labelledby={subcategoryTabId(subcategory.id)}
      className="space-y-5 rounded-xl border border-slate-200 p-3 sm:p-4"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <CatalogImage url={subcategory.image_url} className="w-32" />
        <div className="min-w-0 flex-1 space-y-3">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-lg font-semibold break-words">{subcategory.name}</h3>
            <ActiveBadge active={subcategory.active} />
          </div>
          <p className="text-sm text-slate-600">
            {subcategory.ads_count.toLocaleString("en-US")} {subcategory.ads_count === 1 ? "ad" : "ads"}
          </p>
          <div className="flex flex-wrap items-start gap-x-6 gap-y-3">
            <button type="button" onClick={() => setEditing(true)} className={secondaryButtonClass}>
              Edit subcategory
            </button>
            <ActiveSwitch
              label="Subcategory active"
              checked={subcategory.active}
              busy={toggling}
              disabledReason={cannotActivate ? M.subcategoryNeedsActiveAttribute : undefined}
              onToggle={() => void toggleActive()}
            />
          </div>
        </div>
      </div>

      <div className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold">Attributes</h3>
          <button type="button" onClick={() => setDialog({ linkId: null })} className={primaryButtonClass}>
            Add attribute
          </button>
        </div>
        <LoadStatus load={attributes} isEmpty={(data) => data.length === 0}>
          {(data) => (
            <AttributesTable
              caption={`Attributes of ${subcategory.name}`}
              attributes={data}
              actions={{
                onEdit: (link) => setDialog({ linkId: link.id }),
                onToggle: (link) => void toggleAttribute(link),
                onDelete: (link) => void deleteAttribute(link),
              }}
            />
          )}
        </LoadStatus>
      </div>

      <AttributeDialog
        // An attribute that is gone (or could not be read again) closes its dialog.
        open={dialog !== null && (dialog.linkId === null || editedLink !== null)}
        subcategoryId={subcategory.id}
        link={editedLink}
        types={types}
        onSaved={() => void attributes.refresh()}
        onClose={() => setDialog(null)}
      />
      <CatalogEntryDialog
        open={editing}
        title="Edit subcategory"
        submitLabel="Save subcategory"
        entry={subcategory}
        onClose={() => setEditing(false)}
        onSubmit={async (values) => {
          onChanged(await updateSubcategory(adminTransport, subcategory.id, values));
          notify("success", M.updated);
          setEditing(false);
        }}
      />
    </section>
  );
}

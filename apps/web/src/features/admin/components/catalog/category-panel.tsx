import type { TAdminCategory } from "@waterside/shared/admin-catalog";
import type { TSubcategory } from "@waterside/shared/catalog";
import { ADMIN_CATALOG_MESSAGES as M } from "@waterside/shared/admin-catalog-messages";
import { useState } from "react";
import { secondaryButtonClass } from "~/components/ui/form-field";
import { notify } from "~/lib/notify";
import type { Load } from "~/lib/use-load";
import { adminTransport } from "../../admin-session";
import { createSubcategory } from "../../api/create-subcategory";
import type { TAttributeType } from "../../api/get-attribute-types";
import { setCategoryActive } from "../../api/set-category-active";
import { updateCategory } from "../../api/update-category";
import type { useConfirm } from "../confirm-dialog";
import { ActiveBadge } from "./active-badge";
import { ActiveSwitch } from "./active-switch";
import { CatalogEntryDialog } from "./catalog-entry-dialog";
import { CatalogImage } from "./catalog-image";
import { ADMIN_FAILURES } from "../failures";
import { SubcategoryPanel } from "./subcategory-panel";
import { SubcategoryTabs } from "./subcategory-tabs";

type Confirm = ReturnType<typeof useConfirm>["confirm"];

/**
 * The chosen category (spec second document §2 "Manage Categories", §4): rename it, change its picture, switch it
 * on or off (on only with an active subcategory), and its subcategories as tabs, with the chosen one below.
 */
export function CategoryPanel({
  category,
  selectedSubcategoryId,
  types,
  confirm,
  onChanged,
  onSelectSubcategory,
}: {
  category: TAdminCategory;
  selectedSubcategoryId: number | null;
  types: Load<TAttributeType[]>;
  confirm: Confirm;
  onChanged: (category: TAdminCategory) => void;
  onSelectSubcategory: (id: number) => void;
}) {
  const [dialog, setDialog] = useState<"edit" | "add-subcategory" | null>(null);
  const [toggling, setToggling] = useState(false);
  const subcategories = category.subcategories;
  const selected = subcategories.find((sub) => sub.id === selectedSubcategoryId) ?? null;
  const cannotActivate = !category.active && !subcategories.some((sub) => sub.active);

  const withSubcategory = (saved: TSubcategory) => {
    const known = subcategories.some((sub) => sub.id === saved.id);
    onChanged({
      ...category,
      subcategories: known
        ? subcategories.map((sub) => (sub.id === saved.id ? saved : sub))
        : [...subcategories, saved],
    });
  };

  async function toggleActive() {
    const activate = !category.active;
    const confirmed = await confirm(
      activate
        ? {
            title: "Activate category?",
            text: `${category.name} and its active subcategories will show to buyers and sellers.`,
            confirm: "Activate",
          }
        : {
            title: "Deactivate category?",
            text: `${category.name} and all its subcategories will leave the public lists. Its ads are kept.`,
            confirm: "Deactivate",
          },
    );
    if (!confirmed) return;
    setToggling(true);
    try {
      onChanged(await setCategoryActive(adminTransport, category.id, activate));
      notify("success", M.updated);
    } catch (error) {
      notify("error", ADMIN_FAILURES.update(error));
    } finally {
      setToggling(false);
    }
  }

  return (
    <section aria-labelledby="category-heading" className="space-y-5 rounded-2xl bg-white p-3 shadow-sm sm:p-5">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <CatalogImage url={category.image_url} className="w-32" />
        <div className="min-w-0 flex-1 space-y-3">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="category-heading" className="text-xl font-semibold break-words">
              {category.name}
            </h2>
            <ActiveBadge active={category.active} />
          </div>
          <p className="text-sm text-slate-600">
            {subcategories.length} {subcategories.length === 1 ? "subcategory" : "subcategories"} ·{" "}
            {category.ads_count.toLocaleString("en-US")} {category.ads_count === 1 ? "ad" : "ads"}
          </p>
          <div className="flex flex-wrap items-start gap-x-6 gap-y-3">
            <button type="button" onClick={() => setDialog("edit")} className={secondaryButtonClass}>
              Edit category
            </button>
            <ActiveSwitch
              label="Category active"
              checked={category.active}
              busy={toggling}
              disabledReason={cannotActivate ? M.categoryNeedsActiveSubcategory : undefined}
              onToggle={() => void toggleActive()}
            />
          </div>
        </div>
      </div>

      <div className="space-y-3 border-t border-slate-100 pt-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold">Subcategories</h3>
          <button type="button" onClick={() => setDialog("add-subcategory")} className={secondaryButtonClass}>
            Add subcategory
          </button>
        </div>
        {subcategories.length > 0 && (
          <SubcategoryTabs
            label={`Subcategories of ${category.name}`}
            subcategories={subcategories}
            selectedId={selected?.id ?? null}
            onSelect={onSelectSubcategory}
          />
        )}
        {selected ? (
          <SubcategoryPanel
            key={selected.id}
            subcategory={selected}
            types={types}
            confirm={confirm}
            onChanged={withSubcategory}
          />
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-slate-600">
            No selected subcategory
          </p>
        )}
      </div>

      <CatalogEntryDialog
        open={dialog === "edit"}
        title="Edit category"
        submitLabel="Save category"
        entry={category}
        withExpiry
        onClose={() => setDialog(null)}
        onSubmit={async (values) => {
          onChanged(await updateCategory(adminTransport, category.id, values));
          notify("success", M.updated);
          setDialog(null);
        }}
      />
      <CatalogEntryDialog
        open={dialog === "add-subcategory"}
        title="Add subcategory"
        submitLabel="Create subcategory"
        onClose={() => setDialog(null)}
        onSubmit={async ({ name, image }) => {
          const created = await createSubcategory(adminTransport, { category_id: category.id, name, image: image! });
          withSubcategory(created);
          notify("success", M.subcategoryCreated);
          setDialog(null);
          onSelectSubcategory(created.id);
        }}
      />
    </section>
  );
}

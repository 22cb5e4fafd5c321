import type { TAdminCategory } from "@waterside/shared/admin-catalog";
import { ADMIN_CATALOG_MESSAGES as M } from "@waterside/shared/admin-catalog-messages";
import { BRAND } from "@waterside/shared/brand";
import { useCallback, useId, useState } from "react";
import { useSearchParams } from "react-router";
import { inputClass, primaryButtonClass } from "~/components/ui/form-field";
import { withSignal } from "~/lib/api-client";
import { notify } from "~/lib/notify";
import { useLoad } from "~/lib/use-load";
import { adminTransport, requireAdmin } from "../admin-session";
import { createCategory } from "../api/create-category";
import { getAdminCategories } from "../api/get-admin-categories";
import { getAttributeTypes } from "../api/get-attribute-types";
import { AdminPageLoading } from "../components/admin-page";
import { CatalogEntryDialog } from "../components/catalog/catalog-entry-dialog";
import { CategoryPanel } from "../components/catalog/category-panel";
import { LoadStatus } from "../components/load-status";
import { useConfirm } from "../components/confirm-dialog";
import { PageTabs, pagePanelId, pageTabId } from "../components/page-tabs";
import { RulesPanel } from "../components/screening/rules-panel";

export const meta = () => [{ title: `Manage categories | ${BRAND} admin` }, { name: "robots", content: "noindex" }];

export function clientLoader() {
  requireAdmin();
  return null;
}

export const HydrateFallback = AdminPageLoading;

const loadCategories = (signal: AbortSignal) => getAdminCategories(withSignal(adminTransport, signal));
const loadTypes = (signal: AbortSignal) => getAttributeTypes(withSignal(adminTransport, signal));

const TABS = [
  { value: "categories", label: "Categories" },
  { value: "rules", label: "Rules" },
] as const;
type Tab = (typeof TABS)[number]["value"];

/** The chosen category and subcategory live in the address (?category=…&subcategory=…): a reload keeps them. */
const idParam = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : null);

/**
 * Spec second document §2 "Manage Categories": choose a category, add one, edit it (name, picture, active), its
 * subcategories as tabs, and each subcategory's attributes (§4, §5 "Admin catalogue"). Every write shows at once.
 */
export default function ManageCategories() {
  const categories = useLoad(loadCategories, "categories");
  const types = useLoad(loadTypes, "types");
  const { confirm, dialog } = useConfirm();
  const [params, setParams] = useSearchParams();
  const [adding, setAdding] = useState(false);
  const selectId = useId();
  const categoryId = idParam(params.get("category"));
  const subcategoryId = idParam(params.get("subcategory"));
  const tab: Tab = params.get("tab") === "rules" ? "rules" : "categories";

  const select = useCallback(
    (category: number | null, subcategory: number | null = null) =>
      setParams(
        {
          ...(category !== null && { category: String(category) }),
          ...(subcategory !== null && { subcategory: String(subcategory) }),
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );

  const replaceCategory = (saved: TAdminCategory) =>
    categories.update((list) =>
      list.some((entry) => entry.id === saved.id)
        ? list.map((entry) => (entry.id === saved.id ? saved : entry))
        : [...list, saved],
    );

  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Manage categories</h1>
        {tab === "categories" && (
          <button type="button" onClick={() => setAdding(true)} className={primaryButtonClass}>
            Add category
          </button>
        )}
      </div>

      <PageTabs
        label="Manage categories"
        options={TABS}
        value={tab}
        onChange={(next) =>
          setParams(next === "rules" ? { tab: "rules" } : {}, { replace: true, preventScrollReset: true })
        }
      />

      {tab === "rules" ? (
        <div role="tabpanel" id={pagePanelId("rules")} aria-labelledby={pageTabId("rules")}>
          <RulesPanel confirm={confirm} />
        </div>
      ) : (
        <div role="tabpanel" id={pagePanelId("categories")} aria-labelledby={pageTabId("categories")}>
          <LoadStatus load={categories} isEmpty={(list) => list.length === 0}>
            {(list) => {
              const category = list.find((entry) => entry.id === categoryId) ?? null;
              return (
                <div className="space-y-4">
                  <div className="max-w-md space-y-1">
                    <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
                      Category
                    </label>
                    <select
                      id={selectId}
                      value={category?.id ?? ""}
                      onChange={(event) => select(idParam(event.target.value))}
                      className={inputClass}
                    >
                      <option value="">Choose a category</option>
                      {list.map((entry) => (
                        <option key={entry.id} value={entry.id}>
                          {entry.active ? entry.name : `${entry.name} (inactive)`}
                        </option>
                      ))}
                    </select>
                  </div>
                  {category ? (
                    <CategoryPanel
                      key={category.id}
                      category={category}
                      selectedSubcategoryId={subcategoryId}
                      types={types}
                      confirm={confirm}
                      onChanged={replaceCategory}
                      onSelectSubcategory={(id) => select(category.id, id)}
                    />
                  ) : (
                    <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-600">
                      No selected category
                    </p>
                  )}
                </div>
              );
            }}
          </LoadStatus>
        </div>
      )}

      <CatalogEntryDialog
        open={adding}
        title="Add category"
        submitLabel="Create category"
        withExpiry
        onClose={() => setAdding(false)}
        onSubmit={async ({ name, image, expiry_days }) => {
          const created = await createCategory(adminTransport, { name, image: image!, expiry_days });
          replaceCategory(created);
          notify("success", M.categoryCreated);
          setAdding(false);
          select(created.id);
        }}
      />
      {dialog}
    </div>
  );
}

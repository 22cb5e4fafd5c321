import type { TCategory, TCounty } from "@waterside/shared/catalog";
import { useWatch } from "react-hook-form";
import { FormField, inputClass } from "~/components/ui/form-field";
import type { SellWizard } from "../hooks/use-sell-wizard";
import { PhotoManager } from "./photo-manager";

/** Spec selling §5 "Ad step 1": title, category, subcategory, location, price, description and photos. */
export function PostDetailStep({
  wizard,
  categories,
  counties,
}: {
  wizard: SellWizard;
  categories: TCategory[];
  counties: TCounty[];
}) {
  const { form } = wizard;
  const { errors } = form.formState;
  const categoryId = useWatch({ control: form.control, name: "category_id" });
  const category = categories.find((entry) => String(entry.id) === categoryId);
  return (
    <>
      <FormField label="Title" required error={errors.title?.message}>
        {(field) => <input {...field} {...form.register("title")} className={inputClass} maxLength={120} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Category" required error={errors.category_id?.message}>
          {(field) => (
            <select
              {...field}
              {...form.register("category_id", { onChange: wizard.categoryChanged })}
              className={inputClass}
            >
              <option value="">Select Category</option>
              {categories.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Subcategory" required error={errors.subcategory_id?.message}>
          {(field) => (
            <select {...field} {...form.register("subcategory_id")} className={inputClass} disabled={!category}>
              <option value="">Select Subcategory</option>
              {category?.subcategories.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Location" required error={errors.location?.message}>
          {(field) => (
            <select {...field} {...form.register("location")} className={inputClass}>
              <option value="">Select Location</option>
              {counties.map((county) => (
                <optgroup key={county.id} label={`${county.name} County`}>
                  {county.areas.map((area) => (
                    <option key={area.id} value={`${area.name}, ${county.name}`}>
                      {area.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Price (USD)" required error={errors.price?.message}>
          {(field) => (
            <input
              {...field}
              {...form.register("price")}
              inputMode="decimal"
              className={inputClass}
              placeholder="e.g. 250"
            />
          )}
        </FormField>
      </div>
      <FormField label="Description" required error={errors.description?.message}>
        {(field) => <textarea {...field} {...form.register("description")} rows={5} className={inputClass} />}
      </FormField>
      <PhotoManager pictures={wizard.pictures} onChange={wizard.changePictures} error={wizard.picturesError} />
    </>
  );
}

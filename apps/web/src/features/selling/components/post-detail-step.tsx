import type { TCategory, TCounty } from "@waterside/shared/catalog";
import { useWatch } from "react-hook-form";
import { CountyOptions } from "~/components/location-picker";
import { SelectField, TextAreaField, TextField } from "~/components/ui/text-field";
import type { SellWizard } from "../hooks/use-sell-wizard";
import { PhotoManager } from "./photo-manager";
import { PriceField } from "./price-field";

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
  const categoryId = useWatch({ control: form.control, name: "category_id" });
  const category = categories.find((entry) => String(entry.id) === categoryId);
  return (
    <>
      <TextField form={form} name="title" label="Title" required maxLength={120} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          form={form}
          name="category_id"
          label="Category"
          required
          registerOptions={{ onChange: wizard.categoryChanged }}
          placeholder="Select Category"
          choices={categories}
        />
        <SelectField
          form={form}
          name="subcategory_id"
          label="Subcategory"
          required
          disabled={!category}
          placeholder="Select Subcategory"
          choices={category?.subcategories}
        />
        <SelectField form={form} name="location" label="Location" required placeholder="Select Location">
          <CountyOptions counties={counties} />
        </SelectField>
        <PriceField wizard={wizard} />
      </div>
      <TextAreaField form={form} name="description" label="Description" required rows={5} />
      <PhotoManager pictures={wizard.pictures} onChange={wizard.changePictures} error={wizard.picturesError} />
    </>
  );
}

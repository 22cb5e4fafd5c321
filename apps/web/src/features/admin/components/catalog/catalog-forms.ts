import {
  ADMIN_CATALOG_MESSAGES as M,
  CATALOG_NAME_MAX,
  OPTION_VALUE_MAX,
} from "@waterside/shared/admin-catalog-messages";
import { ZExpiryDays } from "@waterside/shared/ad-lifecycle";
import { z } from "zod";

/**
 * The catalogue forms' own checks (spec second document §5 "Admin catalogue"), with the contract's messages and
 * limits. The API's schemas (packages/shared/src/admin-catalog.ts) cannot run here: they read Node's `Buffer` when
 * the module loads, for the uploaded pictures.
 */
const zName = z
  .string()
  .trim()
  .min(1, M.nameRequired)
  .max(CATALOG_NAME_MAX, `Name can be at most ${CATALOG_NAME_MAX} characters.`);

const zPicture = z.custom<File>((value) => typeof File !== "undefined" && value instanceof File, M.imageRequiredClient);

/** A new category or subcategory: a name and a picture. */
export const ZNewCatalogEntryForm = z.object({ name: zName, image: zPicture });
/** Editing one: a name, and a new picture only when one is chosen. */
export const ZCatalogEntryForm = z.object({ name: zName, image: zPicture.nullable() });
/** A category's dialogs also set how long its ads live (issue 28): 1–365 days. */
export const ZNewCategoryForm = ZNewCatalogEntryForm.extend({ expiry_days: ZExpiryDays });
export const ZCategoryForm = ZCatalogEntryForm.extend({ expiry_days: ZExpiryDays });
/** `expiry_days` is the category dialogs' only: the field's text until the form's check turns it into a number. */
export type TCatalogEntryForm = { name: string; image: File | null; expiry_days?: number | string };

/** Options are given comma-separated, trimmed; blanks and repeats are dropped, as the API does. */
export const splitOptions = (text: string) => [
  ...new Set(
    text
      .split(",")
      .map((value) => value.trim())
      .filter((value) => value !== ""),
  ),
];

/** The attribute dialog: the attribute, its link's flags and its options (spec §4 "Attribute management flow"). */
export const ZAttributeForm = z
  .object({
    name: zName,
    attribute_type_id: z.string().min(1, M.typeRequired),
    is_required: z.boolean(),
    is_restricted: z.boolean(),
    has_options: z.boolean(),
    options: z.string(),
  })
  .superRefine((values, context) => {
    if (!values.has_options) return;
    const options = splitOptions(values.options);
    if (options.length === 0) context.addIssue({ code: "custom", path: ["options"], message: M.optionsRequired });
    else if (options.some((option) => option.length > OPTION_VALUE_MAX)) {
      context.addIssue({
        code: "custom",
        path: ["options"],
        message: `Each option can be at most ${OPTION_VALUE_MAX} characters.`,
      });
    }
  });
export type TAttributeForm = z.infer<typeof ZAttributeForm>;

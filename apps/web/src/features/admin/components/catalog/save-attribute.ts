import type { TAdminSubcategoryAttribute } from "@waterside/shared/admin-catalog";
import type { ApiTransport } from "~/lib/api-client";
import { createAttribute } from "../../api/create-attribute";
import { createAttributeOptions } from "../../api/create-attribute-options";
import { createSubcategoryAttribute } from "../../api/create-subcategory-attribute";
import { deleteAttributeOption } from "../../api/delete-attribute-option";
import { updateAttribute } from "../../api/update-attribute";
import { updateSubcategoryAttribute } from "../../api/update-subcategory-attribute";
import { splitOptions, type TAttributeForm } from "./catalog-forms";

interface Values {
  name: string;
  attribute_type_id: number;
  is_required: boolean;
  is_restricted: boolean;
  has_options: boolean;
  options: string[];
}

export const attributeValues = (form: TAttributeForm): Values => ({
  name: form.name.trim(),
  attribute_type_id: Number(form.attribute_type_id),
  is_required: form.is_required,
  is_restricted: form.is_restricted,
  has_options: form.has_options,
  options: form.has_options ? splitOptions(form.options) : [],
});

/**
 * Creates an attribute for a subcategory (spec second document §4 "Attribute management flow"): the attribute,
 * then its subcategory attribute with the options (values[]), which the API writes in one transaction. When a
 * first try created the attribute but failed to link it, `unlinkedAttributeId` names it: it is renamed and linked
 * rather than created again. `onAttributeCreated` hears of a new one as soon as it exists.
 */
export async function createSubcategoryAttributeFlow(
  api: ApiTransport,
  subcategoryId: number,
  values: Values,
  unlinkedAttributeId: number | null,
  onAttributeCreated: (id: number) => void,
) {
  const { name, attribute_type_id } = values;
  let attributeId = unlinkedAttributeId;
  if (attributeId === null) {
    attributeId = (await createAttribute(api, { name, attribute_type_id, subcategory_id: subcategoryId })).id;
    onAttributeCreated(attributeId);
  } else {
    await updateAttribute(api, attributeId, { name, attribute_type_id });
  }
  return createSubcategoryAttribute(api, {
    subcategory_id: subcategoryId,
    attribute_id: attributeId,
    has_options: values.has_options,
    is_required: values.is_required,
    is_restricted: values.is_restricted,
    ...(values.has_options && { options: values.options }),
  });
}

/**
 * Updates one (spec §4): the attribute, then its subcategory attribute, then its options. New options are added
 * before the flags change, because the API refuses 'Has Options' on a link that has none yet; options no longer
 * listed (all of them when 'Has Options' is off) are deleted last. Ads keep the values they were posted with.
 */
export async function updateSubcategoryAttributeFlow(
  api: ApiTransport,
  link: TAdminSubcategoryAttribute,
  values: Values,
) {
  const { name, attribute_type_id } = values;
  if (name !== link.attribute.name || attribute_type_id !== link.attribute.attribute_type_id) {
    await updateAttribute(api, link.attribute_id, { name, attribute_type_id });
  }
  const added = values.options.filter((value) => !link.options.some((option) => option.value === value));
  const removed = link.options.filter((option) => !values.options.includes(option.value));
  if (added.length > 0) await createAttributeOptions(api, link.id, added);
  const flags = {
    has_options: values.has_options,
    is_required: values.is_required,
    is_restricted: values.is_restricted,
  };
  if (Object.entries(flags).some(([key, value]) => link[key as keyof typeof flags] !== value)) {
    await updateSubcategoryAttribute(api, link.id, flags);
  }
  for (const option of removed) await deleteAttributeOption(api, option.id);
}

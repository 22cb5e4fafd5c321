import type { AdFormValues, FormPicture } from "~/lib/ad-drafts";

/** What the wizard sends: step 1's fields, step 2's accepted values and the pictures in their order. */
export interface AdSubmission {
  values: AdFormValues;
  attributes: Array<{ name: string; value: string }>;
  pictures: FormPicture[];
}

const FIELDS = ["title", "category_id", "subcategory_id", "location", "price", "currency", "description"] as const;

/** The multipart body's fields and attribute values (spec selling §3 "Ad (form)"), trimmed. */
export function adFormData({ values, attributes }: AdSubmission) {
  const body = new FormData();
  for (const key of FIELDS) body.append(key, values[key].trim());
  for (const { name, value } of attributes) body.append(`attributes[${name}]`, value);
  return body;
}

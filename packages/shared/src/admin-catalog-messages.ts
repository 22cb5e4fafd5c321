/**
 * Admin catalogue (categories, subcategories, attributes, options) and dashboard: the spec's messages (second
 * document §8, issue 16), without zod, for the admin screens' light parts. Decision 051.
 */
export const ADMIN_CATALOG_MESSAGES = {
  nameRequired: "Name is required",
  categoryNameTaken: "Category name already exists",
  /** The client's own check reads 'image is required'; the server answers with the other spelling of §8. */
  imageRequiredClient: "image is required",
  imageRequired: "The image field is required",
  subcategoryNameTaken: "Subcategory name already exists",
  attributeNameTaken: "Attribute name already exists",
  typeRequired: "Type field is required",
  optionsRequired: "Options are required when 'Has Options' is checked",
  categoryNeedsActiveSubcategory: "Cannot activate category with no active subcategories",
  /** Spec §4 names the rule, not its words: a subcategory with attributes needs one of them active. */
  subcategoryNeedsActiveAttribute: "Cannot activate subcategory with no active attributes",
  /** Decision 051: a subcategory attribute that ads carry values for is switched off, not deleted. */
  attributeInUse: "Ads carry values for this attribute: switch it off instead of deleting it.",
  optionTaken: "This option already exists",
  valueRequired: "Value is required",
  categoryRequired: "The category_id field is required.",
  // Success toasts (§8).
  categoryCreated: "Category created successfully!",
  subcategoryCreated: "Subcategory created successfully!",
  attributeCreated: "Attribute created successfully.",
  attributeUpdated: "Attribute updated successfully.",
  attributeDeleted: "Attribute, subcategory attribute, and options deleted",
  created: "Created!",
  updated: "Updated!",
  deleted: "Deleted!",
} as const;

/** Spec §9: the dashboard lists the latest 10 users and the first 3 categories. */
export const DASHBOARD_LATEST_USERS = 10;
export const DASHBOARD_CATEGORIES = 3;
/** Name lengths the catalogue's tables and tiles take. */
export const CATALOG_NAME_MAX = 100;
export const OPTION_VALUE_MAX = 100;

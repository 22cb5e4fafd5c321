import { z } from "zod";
import { ZExpiryDays } from "./ad-lifecycle.ts";
import { ADMIN_CATALOG_MESSAGES as M, CATALOG_NAME_MAX, OPTION_VALUE_MAX } from "./admin-catalog-messages.ts";
import { ZSubcategory } from "./catalog.ts";
import { zId } from "./ids.ts";

/** Form values arrive as text: "1", "true", "on" are true; "0", "false", "off", "" are false. */
const zFlag = z.preprocess(
  (value) => (typeof value === "string" ? ["1", "true", "on", "yes"].includes(value.trim().toLowerCase()) : value),
  z.boolean(),
);

const zName = (taken = "Name") =>
  z
    .string({ message: M.nameRequired })
    .trim()
    .min(1, M.nameRequired)
    .max(CATALOG_NAME_MAX, `${taken} can be at most ${CATALOG_NAME_MAX} characters.`);

/** An uploaded picture (multipart file), under `image` or `images[category_image]` / `images[subcategory_image]`. */
const zUpload = z.instanceof(Buffer).optional();
const zImages = z.union([z.instanceof(Buffer), z.record(z.string(), z.unknown())]).optional();

export const ZIdParams = z.object({ id: zId() });

/** POST /admin/categories (multipart: name, images[category_image], expiry_days: 30 unless given, issue 28). */
export const ZCategoryCreate = z.object({
  name: zName(),
  image: zUpload,
  images: zImages,
  expiry_days: ZExpiryDays.optional(),
});
/** POST /admin/categories/{id} with _method=patch: name, optional new image, optional expiry_days. */
export const ZCategoryUpdate = z.object({
  name: zName().optional(),
  image: zUpload,
  images: zImages,
  expiry_days: ZExpiryDays.optional(),
});
/** PATCH …/active: `{active}` sets it; no body toggles it. */
export const ZActiveChange = z.object({ active: zFlag.optional() }).nullish();

export const ZSubcategoryCreate = z.object({
  category_id: zId(M.categoryRequired),
  name: zName(),
  image: zUpload,
  images: zImages,
});
export const ZSubcategoryUpdate = z.object({ name: zName().optional(), image: zUpload, images: zImages });
export const ZSubcategoriesQuery = z.object({ category_id: zId().optional() });

/** Spec §3 "Category" as the admin sees it: every category, active or not, with every subcategory (as the public sees one). */
export const ZAdminCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  image_url: z.string().nullable(),
  active: z.boolean(),
  /** How many days its ads live before they expire (issue 28): new ads, renewals and reposts take it. */
  expiry_days: z.number().int(),
  ads_count: z.number().int(),
  subcategories: z.array(ZSubcategory),
});
export type TAdminCategory = z.infer<typeof ZAdminCategory>;

/** GET /admin/categories/report: per category name and active; per subcategory name, active and ads count. */
export const ZCategoryReport = z.array(
  z.object({
    id: z.number().int(),
    name: z.string(),
    active: z.boolean(),
    subcategories: z.array(
      z.object({ id: z.number().int(), name: z.string(), active: z.boolean(), ads_count: z.number().int() }),
    ),
  }),
);

/** Attribute type ids are `smallint`s (lookup tables): a larger number names no type. */
const zTypeId = () => zId(M.typeRequired, 32_767);

export const ZAttributeType = z.object({ id: z.number().int(), name: z.string() });

/** POST /admin/attributes: name and type; with `subcategory_id`, the name must be new within that subcategory. */
export const ZAttributeCreate = z.object({
  name: zName(),
  attribute_type_id: zTypeId(),
  subcategory_id: zId().optional(),
});
export const ZAttributeUpdate = z.object({
  name: zName().optional(),
  attribute_type_id: zTypeId().optional(),
});
export const ZAdminAttribute = z.object({
  id: z.number().int(),
  name: z.string(),
  attribute_type_id: z.number().int(),
  attribute_type: z.object({ name: z.string() }),
});

const zOptionValue = z.string({ message: M.valueRequired }).trim().min(1, M.valueRequired).max(OPTION_VALUE_MAX);
/** Options come as values[] or one comma-separated string (spec §8: comma-separated and trimmed). */
const zOptionValues = z.preprocess(
  (value) => (typeof value === "string" ? value.split(",") : value),
  z.array(z.string().trim()).transform((values) => [...new Set(values.filter((value) => value !== ""))]),
);

export const ZSubcategoryAttributeCreate = z.object({
  subcategory_id: zId(),
  attribute_id: zId(),
  has_options: zFlag.default(false),
  is_required: zFlag.default(false),
  is_restricted: zFlag.default(false),
  options: zOptionValues.optional(),
});
export type TSubcategoryAttributeCreate = z.output<typeof ZSubcategoryAttributeCreate>;
export const ZSubcategoryAttributeUpdate = z.object({
  has_options: zFlag.optional(),
  is_required: zFlag.optional(),
  is_restricted: zFlag.optional(),
  active: zFlag.optional(),
});
export type TSubcategoryAttributeUpdate = z.output<typeof ZSubcategoryAttributeUpdate>;

export const ZAdminSubcategoryAttribute = z.object({
  id: z.number().int(),
  subcategory_id: z.number().int(),
  attribute_id: z.number().int(),
  has_options: z.boolean(),
  is_required: z.boolean(),
  is_restricted: z.boolean(),
  active: z.boolean(),
  attribute: ZAdminAttribute,
  options: z.array(z.object({ id: z.number().int(), value: z.string() })),
});
export type TAdminSubcategoryAttribute = z.infer<typeof ZAdminSubcategoryAttribute>;

export const ZOptionsCreate = z.object({
  subcategory_attribute_id: zId(),
  values: z.array(zOptionValue).min(1, M.valueRequired),
});
export const ZOptionUpdate = z.object({ value: zOptionValue });
export const ZOption = z.object({ id: z.number().int(), value: z.string() });

/** GET /admin/dashboard (spec §6 "/admin/dashboard"). */
export const ZDashboard = z.object({
  posts_count: z.number().int(),
  users_count: z.number().int(),
  latest_users: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      email: z.string().nullable(),
      profile_image_url: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  categories: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      subcategories: z.array(z.object({ id: z.number().int(), name: z.string(), ads_count: z.number().int() })),
    }),
  ),
  needs_attention: z.object({
    unresolved_ad_reports: z.number().int(),
    unresolved_user_reports: z.number().int(),
    ads_pending_after_reports: z.number().int(),
    /** Ads no admin has marked reviewed since their owner last edited them (the moderation queue, decision 052). */
    ads_unreviewed: z.number().int(),
  }),
});
export type TDashboard = z.infer<typeof ZDashboard>;

import { z } from "zod";

export const ZUserType = z.object({ id: z.number().int(), name: z.string() });
export const ZUserStatus = z.object({ id: z.number().int(), name: z.string() });

/** Spec §3 "Company": the business profile of a usertype 2 user. */
export const ZCompany = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  banner_image: z.string().nullable(),
  banner_image_url: z.string().nullable(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TCompany = z.infer<typeof ZCompany>;

/** Spec §3 "User", as its owner sees it. */
export const ZUser = z.object({
  id: z.number().int(),
  usertype_id: z.number().int(),
  status_id: z.number().int(),
  google_id: z.string().nullable(),
  facebook_id: z.string().nullable(),
  email: z.string(),
  name: z.string(),
  phone_number: z.string().nullable(),
  profile_image: z.string().nullable(),
  profile_image_url: z.string().nullable(),
  bio: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  usertype: ZUserType,
  status: ZUserStatus,
  company: ZCompany.nullable(),
});
export type TUser = z.infer<typeof ZUser>;

/** Another user's profile (seller, reviewer): contact info, never provider ids or account status. */
export const ZPublicUser = ZUser.pick({
  id: true,
  name: true,
  usertype_id: true,
  usertype: true,
  profile_image_url: true,
  bio: true,
  created_at: true,
  email: true,
  phone_number: true,
  company: true,
});
export type TPublicUser = z.infer<typeof ZPublicUser>;

export const ZAdmin = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  profile_image_url: z.string().nullable(),
  created_at: z.string(),
});
export type TAdmin = z.infer<typeof ZAdmin>;

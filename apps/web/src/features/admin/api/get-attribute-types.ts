import type { ZAttributeType } from "@waterside/shared/admin-catalog";
import type { z } from "zod";
import { apiData, type ApiTransport } from "~/lib/api-client";

export type TAttributeType = z.infer<typeof ZAttributeType>;

/**
 * GET /admin/attribute-types (admin): Boolean, Number, Text. The reply says `private, max-age=300`, so the browser's
 * own cache keeps it the 5 minutes of spec §9.
 */
export const getAttributeTypes = (api: ApiTransport) => apiData<TAttributeType[]>(api, "/admin/attribute-types");

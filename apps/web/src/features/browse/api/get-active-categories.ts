import type { TCategory } from "@waterside/shared/catalog";
import { apiData, type ApiTransport } from "~/lib/api-client";

export const getActiveCategories = (api: ApiTransport) => apiData<TCategory[]>(api, "/categories/active");

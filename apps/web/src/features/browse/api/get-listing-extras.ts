import type { TCategory, TFeaturedBusiness, TFilterDefinition } from "@waterside/shared/catalog";
import { apiData, type ApiTransport } from "~/lib/api-client";

export const getSubcategoryFilters = (api: ApiTransport, subcategoryId: number) =>
  apiData<TFilterDefinition[]>(api, `/ads/filters/subcategory/${subcategoryId}`);

export const getFeaturedBusinesses = (api: ApiTransport, subcategoryId: number) =>
  apiData<TFeaturedBusiness[]>(api, `/subcategories/featured-businesses/${subcategoryId}`);

export const getSellerCategories = (api: ApiTransport, userId: number) =>
  apiData<TCategory[]>(api, `/subcategories/user?user_id=${userId}`);

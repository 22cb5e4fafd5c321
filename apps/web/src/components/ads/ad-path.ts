/** The canonical address of an ad page: /categories/{categoryId}/{subcategoryId}/{adId}. */
export const adPath = (ad: { id: number; category_id: number; subcategory_id: number }) =>
  `/categories/${ad.category_id}/${ad.subcategory_id}/${ad.id}`;

/** The product's name, in one place: every page, mail and document reads it from here. */
export const BRAND = "Waterside";
export const BRAND_TAGLINE = "Buy and sell anything in Liberia";
export const SUPPORT_EMAIL = "support@waterside.lr";
export const COPYRIGHT_YEAR = 2024;

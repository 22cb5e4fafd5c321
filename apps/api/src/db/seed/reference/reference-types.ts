import type { TPriceUnit } from "@waterside/shared/catalog";

/** Shapes of the reference data seeded into every empty database. */

export interface SeedCounty {
  name: string; // e.g. "Montserrado"
  /** Real cities, districts and neighbourhoods; "Other in {county}" is added by the seeder, not listed here. */
  areas: string[];
}

export type SeedAttributeType = "Boolean" | "Number" | "Text";

export interface SeedAttribute {
  name: string; // "Brand", "Year", "Condition" …
  type: SeedAttributeType;
  required?: boolean;
  /** Fixed choices. With restricted=true only these values are accepted; otherwise they are suggestions. */
  options?: string[];
  restricted?: boolean;
  /** For Number attributes: plausible range used by the demo generator. */
  range?: [number, number];
}

export interface SeedSubcategory {
  name: string;
  /** What its picture shows: a Fluent Emoji 3D code point sequence, e.g. "1f697" (automobile). */
  picture: string;
  /** The period its prices are quoted for (rents by the month …); absent: the price of the thing (decision 067). */
  priceUnit?: TPriceUnit;
  attributes: SeedAttribute[];
  /** Plausible USD price range for demo ads. */
  priceRange: [number, number];
  /**
   * Demo title patterns. Placeholders {AttributeName} are filled from that attribute's generated value,
   * e.g. "{Brand} {Model} {Year}" or "{Bedrooms} bedroom house in {area}". {area} is the ad's area.
   */
  titles: string[];
  /** Demo description sentences; 2–4 are picked and joined. Same placeholders as titles. */
  descriptions: string[];
}

export interface SeedCategory {
  name: string;
  /** What its picture shows, as SeedSubcategory's. */
  picture: string;
  /** Two hex colours: the backdrop of its pictures. */
  colors: [string, string];
  subcategories: SeedSubcategory[];
}

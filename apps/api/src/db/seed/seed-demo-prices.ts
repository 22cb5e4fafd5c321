import { usdValue } from "../../modules/selling/ad-prices.ts";
import { DEMO_EXCHANGE_RATES } from "./seed-demo-exchange-rates.ts";

/**
 * The everyday goods Liberians price in Liberian dollars (issue 30): food, household things and phone accessories.
 * Vehicles, property and the rest stay in US$, as they are sold in Monrovia.
 */
const LRD_SUBCATEGORIES = new Set([
  "Rice & Grains",
  "Palm Oil & Cassava",
  "Fruits & Vegetables",
  "Fish & Seafood",
  "Kitchen & Dining",
  "Home Decor",
  "Mattresses & Bedding",
  "Phone Accessories",
]);

/** The demo's rate in force: the newest of its history. */
const DEMO_RATE = DEMO_EXCHANGE_RATES.at(-1)!.usd_lrd;

/**
 * A demo ad's price columns from its US$ price: in L$ for everyday goods, rounded to L$ 50 as a market trader
 * quotes (never below L$ 50), with its US$ value at the demo's rate (decision 088); else in US$. No random draw, so
 * the rest of the demo stays as it was.
 */
export function demoAdPrice(subcategory: string, usdPrice: number) {
  if (!LRD_SUBCATEGORIES.has(subcategory)) return { currency: "USD" as const, price_local: usdPrice, price: usdPrice };
  const local = Math.max(50, Math.round((usdPrice * DEMO_RATE) / 50) * 50);
  return { currency: "LRD" as const, price_local: local, price: usdValue(local, "LRD", DEMO_RATE) };
}

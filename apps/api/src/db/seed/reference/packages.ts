/**
 * Boost packages (second document §3 "Package"): USD per month. Ad packages boost one ad; business plans feature a
 * company and boost all its ads (decision 048). 'Premium Package' is the top ad package: it hides Upgrade (§4).
 * An ad package's lift is above any score activity alone reaches (about 100, decision 045), so a boosted ad ranks
 * above unboosted ones as promised, and a bigger package above a smaller one; a business plan lifts less than an
 * ad package, as it lifts every ad of the company.
 */
export const packages = [
  {
    type: "ad",
    name: "Basic Boost",
    price: 5,
    visibility_boost: 200,
    description: "Your ad ranks above unboosted ads in Popular and Trending for a month.",
  },
  {
    type: "ad",
    name: "Standard Boost",
    price: 10,
    visibility_boost: 400,
    description: "Twice the lift of Basic for a month: more buyers see your ad first.",
  },
  {
    type: "ad",
    name: "Premium Package",
    price: 25,
    visibility_boost: 800,
    description: "The strongest lift for a month: your ad leads Popular and Trending in its category.",
  },
  {
    type: "user",
    name: "Business Starter",
    price: 30,
    visibility_boost: 100,
    description: "Your company in Top Brands of the categories you sell in, and every ad lifted, for a month.",
  },
  {
    type: "user",
    name: "Business Premium",
    price: 75,
    visibility_boost: 150,
    description: "Top Brands first, and a strong lift for all your ads, for a month.",
  },
] as const;

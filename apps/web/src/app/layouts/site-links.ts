import { BRAND } from "@waterside/shared/brand";

/** Top bar links (spec §2 layout rules). */
export const MAIN_LINKS = [
  { to: "/", label: "Home" },
  { to: "/categories", label: "Categories" },
  { to: "/how-to-sell", label: "How to sell?" },
  { to: "/what-is-waterside", label: `What is ${BRAND}?` },
] as const;

/** Policy and info links of the mobile menu and the footer. */
export const POLICY_LINKS = [
  { to: "/about-us", label: "About us" },
  { to: "/contact-us", label: "Contact us" },
  { to: "/faq", label: "FAQ" },
  { to: "/terms-and-conditions", label: "Terms and conditions" },
  { to: "/delete-account", label: "Delete account" },
] as const;

import { BRAND, BRAND_TAGLINE } from "@waterside/shared/brand";

/**
 * The web app manifest (issue 31, decision 102): what makes the site installable, and how it looks once installed.
 * Served at WEB_APP_MANIFEST_URL by app/routes/web-app-manifest.ts, linked from every page (root.tsx).
 */
export const WEB_APP_MANIFEST_URL = "/manifest.webmanifest";

/** The brand's green: the top bar of an installed app and of the phone's browser. */
export const THEME_COLOUR = "#047857";

const icon = (size: number, purpose: "any" | "maskable") => ({
  src: `/icons/${purpose === "any" ? "icon" : "maskable"}-${size}.png`,
  sizes: `${size}x${size}`,
  type: "image/png",
  purpose,
});

export function webAppManifest() {
  return {
    id: "/",
    name: BRAND,
    short_name: BRAND,
    description: BRAND_TAGLINE,
    lang: "en",
    start_url: "/",
    scope: "/",
    display: "standalone",
    // The pages' own background (root.tsx), so the splash screen does not flash another colour.
    background_color: "#f8fafc",
    theme_color: THEME_COLOUR,
    // Chromium wants a 192 px and a 512 px icon; the maskable ones fill Android's shaped icons edge to edge.
    icons: [icon(192, "any"), icon(512, "any"), icon(192, "maskable"), icon(512, "maskable")],
    // A long press on the installed icon (spec §2: Sell and Chat are the top bar's first actions once signed in).
    shortcuts: [
      { name: "Sell", short_name: "Sell", description: "Post an ad", url: "/sell", icons: [icon(192, "any")] },
      { name: "Chat", short_name: "Chat", description: "Your chats", url: "/chat", icons: [icon(192, "any")] },
    ],
  };
}

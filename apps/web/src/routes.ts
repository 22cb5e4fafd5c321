import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// Feature folders carry the API modules' names (docs/decisions/034-feature-names.md); URLs are the spec's.
export default [
  route("robots.txt", "features/seo/robots.ts"),
  route("sitemap.xml", "features/seo/sitemap.ts"),
  layout("app/layouts/public-layout.tsx", [
    index("features/ads/routes/home.tsx"),
    ...prefix("categories", [
      index("features/ads/routes/categories.tsx"),
      route(":categoryId", "features/ads/routes/category.tsx"),
      route(":categoryId/:subcategoryId", "features/ads/routes/listing.tsx"),
      route(":categoryId/:subcategoryId/:adId", "app/routes/ad.tsx"),
    ]),
    route("search", "features/ads/routes/search.tsx"),
    // A seller's profile is public: rendered on the server so a shared link previews.
    route("profile/:userId", "app/routes/user-profile.tsx"),
    route("how-to-sell", "features/static-pages/how-to-sell.tsx"),
    route("what-is-waterside", "features/static-pages/what-is-waterside.tsx"),
    route("about-us", "features/static-pages/about-us.tsx"),
    route("contact-us", "features/static-pages/contact-us.tsx"),
    route("faq", "features/static-pages/faq.tsx"),
    route("terms-and-conditions", "features/static-pages/terms-and-conditions.tsx"),
    route("delete-account", "features/static-pages/delete-account.tsx"),
    route("*", "app/not-found.tsx"),
  ]),
  layout("app/layouts/account-layout.tsx", [
    route("auth", "features/auth/routes/auth.tsx"),
    route("profile", "app/routes/own-profile.tsx"),
    route("profile/saved", "features/saved-ads/routes/saved-ads.tsx"),
    route("settings", "features/users/routes/settings.tsx"),
    route("settings/notifications", "features/notifications/routes/notification-settings.tsx"),
    route("sell/:adId?", "features/selling/routes/sell.tsx"),
    route("chat/:chatId?", "features/chat/routes/chat.tsx"),
  ]),
] satisfies RouteConfig;

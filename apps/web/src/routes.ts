import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// Feature folders carry the API modules' names (docs/decisions/034-feature-names.md); URLs are the spec's.
export default [
  route("robots.txt", "features/seo/robots.ts"),
  route("sitemap.xml", "app/routes/sitemap.ts"),
  route("manifest.webmanifest", "app/routes/web-app-manifest.ts"),
  route("data-saver", "app/routes/data-saver.ts"),
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
    route("notifications", "features/notifications/routes/notifications.tsx"),
    route("sell/:adId?", "app/routes/sell.tsx"),
    route("chat/:chatId?", "app/routes/chat.tsx"),
    route("deals/:dealId", "features/deals/routes/deal.tsx"),
  ]),
  // The admin area (spec second document §2 "Admin routes"): its own login and layout, rendered in the browser.
  route("admin", "features/admin/routes/login.tsx"),
  layout("app/layouts/admin-layout.tsx", [
    ...prefix("admin", [
      route("dashboard", "features/admin/routes/dashboard.tsx"),
      route("users", "features/admin/routes/users.tsx"),
      route("users/reviews/:userId", "features/admin/routes/user-reviews.tsx"),
      route("ads", "features/admin/routes/ads.tsx", { id: "admin-ads" }),
      route("ads/:userId", "features/admin/routes/ads.tsx", { id: "admin-user-ads" }),
      route("ads/:userId/:adId", "app/routes/admin-ad.tsx"),
      route("moderation-queue", "features/admin/routes/moderation-queue.tsx"),
      route("ads-reports", "features/admin/routes/ads-reports.tsx"),
      route("users-reports", "features/admin/routes/users-reports.tsx"),
      route("categories-report", "features/admin/routes/categories-report.tsx"),
      route("manage-categories", "features/admin/routes/manage-categories.tsx"),
      route("exchange-rate", "features/admin/routes/exchange-rate.tsx"),
      route("disputes", "features/admin/routes/disputes.tsx"),
      route("deals/:dealId", "features/admin/routes/deal.tsx"),
      route("audit-log", "features/admin/routes/audit-log.tsx"),
      route("admins", "features/admin/routes/admins.tsx"),
      route("*", "app/not-found.tsx", { id: "admin-not-found" }),
    ]),
  ]),
] satisfies RouteConfig;

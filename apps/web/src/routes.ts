import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  route("robots.txt", "features/seo/robots.ts"),
  route("sitemap.xml", "features/seo/sitemap.ts"),
  layout("app/layouts/public-layout.tsx", [
    index("features/browse/routes/home.tsx"),
    ...prefix("categories", [
      index("features/browse/routes/categories.tsx"),
      route(":categoryId", "features/browse/routes/category.tsx"),
      route(":categoryId/:subcategoryId", "features/browse/routes/listing.tsx"),
      route(":categoryId/:subcategoryId/:adId", "features/browse/routes/ad.tsx"),
    ]),
    route("search", "features/browse/routes/search.tsx"),
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
    route("profile", "features/profile/routes/own-profile.tsx"),
    route("profile/saved", "features/saved/routes/saved-ads.tsx"),
    route("profile/:userId", "features/profile/routes/user-profile.tsx"),
    route("settings", "features/profile/routes/settings.tsx"),
    route("sell/:adId?", "features/sell/routes/sell.tsx"),
  ]),
] satisfies RouteConfig;

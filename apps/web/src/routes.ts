import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  layout("app/layouts/public-layout.tsx", [
    index("features/catalog/routes/home.tsx"),
    ...prefix("categories", [
      index("features/catalog/routes/categories.tsx"),
      route(":categoryId", "features/catalog/routes/category.tsx"),
    ]),
    route("how-to-sell", "features/static-pages/how-to-sell.tsx"),
    route("what-is-waterside", "features/static-pages/what-is-waterside.tsx"),
    route("about-us", "features/static-pages/about-us.tsx"),
    route("contact-us", "features/static-pages/contact-us.tsx"),
    route("faq", "features/static-pages/faq.tsx"),
    route("terms-and-conditions", "features/static-pages/terms-and-conditions.tsx"),
    route("delete-account", "features/static-pages/delete-account.tsx"),
    route("*", "app/not-found.tsx"),
  ]),
] satisfies RouteConfig;

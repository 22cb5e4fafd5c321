import type { MetaDescriptor } from "react-router";
import { BRAND } from "@waterside/shared/brand";

interface PageMeta {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/about-us". The origin comes from the root loader. */
  path: string;
  image?: string;
  /** The Open Graph type: one tag per page, "website" unless the page says (an ad is a "product"). */
  type?: string;
}

/** Title, description, canonical link and the Open Graph / Twitter tags a shared link previews with. */
export function pageMeta(
  { title, description, path, image, type = "website" }: PageMeta,
  origin = "",
): MetaDescriptor[] {
  const fullTitle = title === BRAND ? title : `${title} | ${BRAND}`;
  const url = `${origin}${path}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: BRAND },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:type", content: type },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
  ];
  if (image) {
    tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  }
  return tags;
}

/** The public origin (e.g. https://waterside.lr) that the root loader reads from configuration. */
export function siteOrigin(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): string {
  const root = matches.find((match) => match?.id === "root")?.data as { origin?: string } | undefined;
  return root?.origin ?? "";
}

/** A picture's full address for previews: replies give a path on our origin, or a CDN's URL (MEDIA_BASE_URL). */
export const absoluteUrl = (url: string, origin: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url}`);

/** Structured data for search engines and link previews, rendered into the server's HTML. */
export const jsonLd = (data: Record<string, unknown>): MetaDescriptor => ({
  "script:ld+json": { "@context": "https://schema.org", ...data },
});

/** An ItemList of the ads a list page shows, so a shared list previews as products. */
export function adListJsonLd(
  origin: string,
  ads: Array<{ title: string; price: number; path: string; image?: string }>,
) {
  return jsonLd({
    "@type": "ItemList",
    itemListElement: ads.map((ad, index) => ({
      "@type": "ListItem",
      position: index + 1,
      item: {
        "@type": "Product",
        name: ad.title,
        url: `${origin}${ad.path}`,
        ...(ad.image && { image: absoluteUrl(ad.image, origin) }),
        offers: { "@type": "Offer", price: ad.price, priceCurrency: "USD" },
      },
    })),
  });
}

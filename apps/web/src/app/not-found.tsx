import { data } from "react-router";
import { BRAND } from "@waterside/shared/brand";
import { NotFound } from "~/components/not-found";

/** Any path no route claims: the 'Page Not Found' screen, served with HTTP status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: `Page Not Found | ${BRAND}` }, { name: "robots", content: "noindex" }];

export default function NotFoundPage() {
  return <NotFound />;
}

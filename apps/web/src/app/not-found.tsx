import { data, Link } from "react-router";
import { BRAND } from "@waterside/shared/brand";

/** Any path no route claims: the 'Page Not Found' screen, served with HTTP status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: `Page Not Found | ${BRAND}` }, { name: "robots", content: "noindex" }];

export default function NotFoundPage() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-6xl font-bold text-emerald-700">404</p>
      <h1 className="mt-4 text-2xl font-semibold">Page Not Found</h1>
      <p className="mt-2 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link
        to="/"
        className="mt-6 inline-block rounded-lg bg-emerald-700 px-5 py-2.5 font-medium text-white hover:bg-emerald-800"
      >
        Go back home
      </Link>
    </section>
  );
}

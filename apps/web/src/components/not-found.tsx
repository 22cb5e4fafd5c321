import { Link } from "react-router";

/** 'Page Not Found' with a way home: unknown paths, and pages whose thing does not exist (a seller's profile). */
export function NotFound() {
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

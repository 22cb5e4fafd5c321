import type { ReactNode } from "react";
import { Link, type MetaFunction } from "react-router";
import { clsx } from "clsx";
import type { BreadcrumbHandle } from "~/lib/breadcrumbs";
import type { NoScriptsHandle } from "~/lib/scriptless";
import { pageMeta, siteOrigin } from "~/lib/seo";

/**
 * What an info page's route module exports besides its component: the meta tags (canonical URL on the site's
 * origin, link previews) and its breadcrumb, which reads `crumb` when the title is too long for the trail. An info
 * page is sent without React's scripts (lib/scriptless.ts, issue 31): nothing on it may need them, so its links
 * are plain page loads and its buttons are links.
 */
export function staticPageRoute({
  title,
  description,
  path,
  crumb = title,
}: {
  title: string;
  description: string;
  path: string;
  crumb?: string;
}) {
  const meta: MetaFunction = ({ matches }) => pageMeta({ title, description, path }, siteOrigin(matches));
  const handle: BreadcrumbHandle & NoScriptsHandle = { breadcrumb: () => ({ label: crumb, to: path }), scripts: false };
  return { meta, handle };
}

/**
 * The frame every info page shares (spec §2: how-to-sell, what-is, about, contact, FAQ,
 * terms, delete-account). It renders the page's only h1; the public layout supplies <main>,
 * so nothing here is a landmark.
 */
export function StaticPage({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-8 text-base leading-relaxed text-slate-700 wrap-break-word sm:px-6 sm:py-12">
      <header className="mb-8 space-y-3 border-b border-slate-200 pb-6">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {lead ? <p className="text-lg text-slate-600">{lead}</p> : null}
      </header>
      <div className="space-y-10">{children}</div>
    </article>
  );
}

/** A titled block of the page. `id` lets a contents list link to it. */
export function Section({ title, id, children }: { title: ReactNode; id?: string; children: ReactNode }) {
  return (
    <section id={id} className="scroll-mt-24 space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

export function List({ ordered = false, children }: { ordered?: boolean; children: ReactNode }) {
  const className = clsx("space-y-2 pl-6 marker:text-slate-500", ordered ? "list-decimal" : "list-disc");
  return ordered ? <ol className={className}>{children}</ol> : <ul className={className}>{children}</ul>;
}

/** In-text link: paths inside the site go through the router, anything else (mailto:, https:) is a plain anchor. */
export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  const className =
    "font-medium text-emerald-700 underline underline-offset-2 hover:text-emerald-800 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700";
  return to.startsWith("/") ? (
    <Link to={to} className={className}>
      {children}
    </Link>
  ) : (
    <a href={to} className={className}>
      {children}
    </a>
  );
}

const buttonTones = {
  primary: "bg-emerald-700 hover:bg-emerald-800 focus-visible:outline-emerald-700",
  danger: "bg-red-600 hover:bg-red-700 focus-visible:outline-red-600",
} as const;

/** A link that looks like a button: a call to action that navigates. */
export function ButtonLink({
  to,
  tone = "primary",
  children,
}: {
  to: string;
  tone?: keyof typeof buttonTones;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      className={clsx(
        "inline-flex min-h-11 w-full items-center justify-center rounded-lg px-6 py-3 text-base font-semibold text-white shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 sm:w-auto",
        buttonTones[tone],
      )}
    >
      {children}
    </Link>
  );
}

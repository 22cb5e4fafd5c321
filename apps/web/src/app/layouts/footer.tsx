import { BRAND, BRAND_TAGLINE, COPYRIGHT_YEAR } from "@waterside/shared/brand";
import { useId } from "react";
import { Link } from "react-router";
import { Logo } from "~/components/ui/logo";
import { useOutsideLinks } from "~/lib/outside-links";
import { MAIN_LINKS, POLICY_LINKS } from "./site-links";
import { DataSaverSwitch } from "./data-saver-switch";

export function Footer() {
  // Spec §1: the footer links to the mobile app's store listings and our social pages, those the operator set.
  const { apps, social } = useOutsideLinks();
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3 sm:px-6">
        <div className="space-y-5">
          <div className="space-y-2">
            <p className="flex items-center gap-2 font-bold">
              <Logo className="size-7" /> {BRAND}
            </p>
            <p className="text-sm text-slate-600">{BRAND_TAGLINE}.</p>
          </div>
          <OutsideLinkList
            title={`Get the ${BRAND} app`}
            links={apps.map((link) => ({ href: link.href, label: link.store }))}
          />
          <OutsideLinkList title="Follow us" links={social.map((link) => ({ href: link.href, label: link.name }))} />
          <DataSaverSwitch className="-mx-3 max-w-xs" />
        </div>
        <LinkColumn label="Footer" links={MAIN_LINKS} />
        <LinkColumn label="Policies and help" links={POLICY_LINKS} />
      </div>
      <p className="border-t border-slate-100 py-4 text-center text-xs text-slate-500">
        © {COPYRIGHT_YEAR} {BRAND}. All rights reserved
      </p>
    </footer>
  );
}

function LinkColumn({ label, links }: { label: string; links: ReadonlyArray<{ to: string; label: string }> }) {
  return (
    <nav aria-label={label} className="flex flex-col gap-2 text-sm">
      {links.map((link) => (
        <Link key={link.to} to={link.to} className="text-slate-700 hover:text-emerald-700">
          {link.label}
        </Link>
      ))}
    </nav>
  );
}

/** Links to our pages on other sites, as chips under a title; nothing at all when none is configured. */
function OutsideLinkList({ title, links }: { title: string; links: Array<{ href: string; label: string }> }) {
  const titleId = useId();
  if (links.length === 0) return null;
  return (
    <div className="space-y-2">
      <p id={titleId} className="text-sm font-semibold text-slate-800">
        {title}
      </p>
      <ul aria-labelledby={titleId} className="flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.href}>
            <a
              href={link.href}
              className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-800 hover:border-emerald-700 hover:text-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

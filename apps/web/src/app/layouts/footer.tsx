import { BRAND, BRAND_TAGLINE, COPYRIGHT_YEAR } from "@waterside/shared/brand";
import { Link } from "react-router";
import { Logo } from "~/components/ui/logo";
import { MAIN_LINKS, POLICY_LINKS } from "./site-links";

export function Footer() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3 sm:px-6">
        <div className="space-y-2">
          <p className="flex items-center gap-2 font-bold">
            <Logo className="size-7" /> {BRAND}
          </p>
          <p className="text-sm text-slate-600">{BRAND_TAGLINE}.</p>
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

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
        <nav aria-label="Footer" className="flex flex-col gap-2 text-sm">
          {MAIN_LINKS.map((link) => (
            <Link key={link.to} to={link.to} className="text-slate-700 hover:text-emerald-700">
              {link.label}
            </Link>
          ))}
        </nav>
        <nav aria-label="Policies and help" className="flex flex-col gap-2 text-sm">
          {POLICY_LINKS.map((link) => (
            <Link key={link.to} to={link.to} className="text-slate-700 hover:text-emerald-700">
              {link.label}
            </Link>
          ))}
        </nav>
      </div>
      <p className="border-t border-slate-100 py-4 text-center text-xs text-slate-500">
        © {COPYRIGHT_YEAR} {BRAND}. All rights reserved
      </p>
    </footer>
  );
}

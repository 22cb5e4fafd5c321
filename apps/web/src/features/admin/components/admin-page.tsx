import type { ReactNode } from "react";

/** An admin page's frame: its heading, the tools beside it (search, filters, export), then its content. */
export function AdminPage({ title, tools, children }: { title: string; tools?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <h1 className="text-2xl font-semibold">{title}</h1>
        {tools && <div className="flex flex-wrap items-center gap-2">{tools}</div>}
      </div>
      {children}
    </div>
  );
}

/** What an admin page shows while the browser loads it (spec second document §8 'Loading...'). */
export function AdminPageLoading() {
  return (
    <p role="status" className="px-4 py-8 text-center text-slate-600">
      Loading...
    </p>
  );
}

import { Suspense, lazy, useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { BRAND } from "@waterside/shared/brand";
import { config as configureZod } from "zod";
import { FullScreenLoader } from "~/components/ui/full-screen-loader";
import { NotFound } from "~/components/not-found";
import { OfflineNotSaved, failedOffline } from "~/components/offline-not-saved";
import { toasterMounted, useToasterWanted } from "~/lib/notify";
import "./lib/load-context";
import "./app.css";
import { startAnalyticsLog } from "~/lib/analytics-log";
import { APP_RAN_COOKIE_VALUE, APP_RAN_STORAGE_KEY } from "~/lib/scriptless";
import { analyticsSender } from "~/lib/session";
import { loadExchangeRate } from "~/lib/exchange-rate";
import { replayEarlyTaps } from "~/lib/early-taps";
import { startServiceWorker } from "~/lib/service-worker";
import { THEME_COLOUR, WEB_APP_MANIFEST_URL } from "~/lib/web-app-manifest";
import { OfflineBanner } from "~/app/layouts/offline-banner";
import { UpdatePrompt } from "~/app/layouts/update-prompt";
import { DataSaverRequestContext, dataSaverRequestOf } from "~/lib/data-saver";
import { WriteQueueBar } from "~/app/layouts/write-queue-bar";
import { useSendQueuedWrites } from "~/app/queued-writes";

// Zod compiles its parsers with `new Function` where it may, and merely trying is reported as a violation of the
// pages' Content-Security-Policy, which forbids eval (docs/decisions/031-security-headers.md). The server's parsers,
// which the API shares, keep compiling.
if (typeof document !== "undefined") configureZod({ jitless: true });

export async function loader({ context, request }: Route.LoaderArgs) {
  return {
    origin: context.origin,
    outsideLinks: context.outsideLinks,
    safeDeals: context.safeDeals,
    // Decision 105: the page is rendered light for `Save-Data: on` or the visitor's cookie (entry.server.tsx varies).
    dataSaver: dataSaverRequestOf(request),
    ...(await loadExchangeRate(context.api)),
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    // Scroll padding keeps whatever is scrolled or tabbed into view clear of the sticky top bar.
    <html lang="en" className="scroll-pt-16 sm:scroll-pt-20">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOUR} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* Installable (decision 102): the manifest, and what iOS reads instead of it for the home screen. */}
        <link rel="manifest" href={WEB_APP_MANIFEST_URL} />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        <meta name="apple-mobile-web-app-capable" content="yes" />
        <meta name="mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-status-bar-style" content="default" />
        <meta name="apple-mobile-web-app-title" content={BRAND} />
        <Meta />
        {/* Styles need no nonce: the policy allows inline ones. React Router would otherwise give its dev-only
            critical CSS the page's nonce, which the browser hides from the client, and hydration would differ. */}
        <Links nonce="" />
      </head>
      <body className="min-h-dvh bg-slate-50 font-sans text-slate-900 antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

// The toaster (and its library) arrives with the first toast, never with a page's first load.
const Toaster = lazy(() =>
  import("sonner").then(({ Toaster: SonnerToaster }) => ({
    default: function MountedToaster() {
      useEffect(toasterMounted, []);
      // Never a wall of toasts: at most three, stacked with the newest in front.
      return <SonnerToaster position="bottom-center" visibleToasts={3} expand={false} richColors closeButton />;
    },
  })),
);

function DeferredToaster() {
  return useToasterWanted() ? (
    <Suspense>
      <Toaster />
    </Suspense>
  ) : null;
}

export default function App() {
  // Scripts arrive after the page has loaded (entry.server.tsx): this marks when the page has come alive, for
  // the journeys, which must not click before then, and for the page's inline script, which stops holding taps;
  // the taps it held are answered now (decision 106).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
    // The app's code is in this browser's cache now: the next public page loads it at once (decision 107).
    try {
      localStorage.setItem(APP_RAN_STORAGE_KEY, "1");
    } catch {
      // Blocked storage: public pages go on loading the app on intent.
    }
    // And for the server: public pages come with their start-up inline from now on (decision 111).
    document.cookie = APP_RAN_COOKIE_VALUE;
    replayEarlyTaps();
  }, []);
  // Spec §4 analytics log: cards seen and ads opened are sent each minute and when the page is left.
  useEffect(() => startAnalyticsLog(analyticsSender), []);
  // Decision 102: offline reading and updates; the app is alive only after the page's `load`, as the worker wants.
  useEffect(startServiceWorker, []);
  // Decision 104: saves and new ads made offline are sent when the connection returns.
  useSendQueuedWrites();
  const { dataSaver } = useLoaderData<typeof loader>();
  return (
    <DataSaverRequestContext value={dataSaver}>
      <OfflineBanner />
      <WriteQueueBar />
      <Outlet />
      <UpdatePrompt />
      <DeferredToaster />
    </DataSaverRequestContext>
  );
}

/** Shown while a browser-only screen (profile, chat, admin) loads its session and data. */
export function HydrateFallback() {
  return <FullScreenLoader />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A missing thing is never a reason to reload (public pages show this inside their layout, public-layout.tsx).
  if (status === 404 || status === 410) {
    return (
      <main>
        <title>{`Page Not Found | ${BRAND}`}</title>
        <NotFound />
      </main>
    );
  }
  if (failedOffline(error)) {
    return (
      <main>
        <OfflineNotSaved />
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>{`Something went wrong | ${BRAND}`}</title>
      <p className="text-5xl font-bold text-emerald-700">{status}</p>
      <h1 className="mt-4 text-2xl font-semibold">Something went wrong</h1>
      <p className="mt-2 text-slate-600">Please reload the page, or go back to the home page.</p>
      <a href="/" className="mt-6 inline-block rounded-lg bg-emerald-700 px-5 py-2.5 font-medium text-white">
        Go home
      </a>
    </main>
  );
}

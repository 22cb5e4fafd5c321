import { BRAND } from "@waterside/shared/brand";
import { lazy, Suspense, useId, useRef, useState } from "react";
import { Link, NavLink, useMatches } from "react-router";
import { clsx } from "clsx";
import { Logo } from "~/components/ui/logo";
import { Avatar } from "~/components/ui/avatar";
import { Modal } from "~/components/ui/modal";
import { sentWithoutApp } from "~/lib/scriptless";
import { useSession } from "~/lib/session";
import { installApp, useCanInstall } from "~/lib/service-worker";
import { useChatAlert } from "~/features/chat/hooks/use-chat-alert";
import { useNotificationBell } from "~/features/notifications/use-notification-bell";
import { MAIN_LINKS, POLICY_LINKS } from "./site-links";
import { DataSaverSwitch } from "./data-saver-switch";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    "rounded-md px-3 py-2 text-sm font-medium outline-offset-2 hover:bg-emerald-50 hover:text-emerald-800",
    isActive ? "text-emerald-800" : "text-slate-700",
  );

export function TopBar() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="group mx-auto flex h-14 max-w-7xl items-center gap-2 px-4 sm:h-16 sm:px-6">
        <MobileMenu />
        <Link
          to="/"
          className="flex items-center gap-2 rounded-md font-bold text-slate-900"
          aria-label={`${BRAND} home`}
        >
          <Logo className="size-8" />
          {/* A signed-in phone needs the room for Sell, Saved, the bell, Chat and the picture; the logo stays. */}
          <span className="text-lg tracking-tight max-[419px]:group-has-[[data-signed-in]]:sr-only">{BRAND}</span>
        </Link>
        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 lg:flex">
          {MAIN_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === "/"} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <AccountArea />
      </div>
    </header>
  );
}

const iconShapeClass =
  "size-9 place-items-center rounded-full text-slate-700 hover:bg-emerald-50 hover:text-emerald-800 sm:size-10";
const iconLinkClass = clsx("grid", iconShapeClass);

/** Whether this page may be shown without React's scripts (an info page, or a public page until its app loads). */
const useScriptless = () => sentWithoutApp(useMatches().map((match) => match.handle));

/**
 * Spec §2 top bar: Login when signed out; Sell, Saved Items, Chat and the profile picture when signed in.
 * Nothing while the session loads, so the server's HTML and the first client render agree; on a page sent
 * without scripts, both sets of links, for its inline script to choose from.
 */
function AccountArea() {
  const session = useSession();
  const scriptless = useScriptless();
  if (session.status === "loading") {
    return scriptless ? <ScriptlessAccountArea /> : <div className="ml-auto h-10" aria-hidden="true" />;
  }
  if (session.status === "signed-out") {
    return (
      <div className="ml-auto flex items-center gap-2">
        <Link
          to="/auth"
          className="rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800"
        >
          Login
        </Link>
      </div>
    );
  }
  const { user } = session;
  return (
    <div data-signed-in className="ml-auto flex items-center gap-0.5 sm:gap-2">
      <Link
        to="/sell"
        className="rounded-lg bg-emerald-700 px-2.5 py-2 text-sm font-semibold text-white hover:bg-emerald-800 sm:px-4"
      >
        Sell
      </Link>
      <Link to="/profile/saved" className={iconLinkClass} aria-label="Saved Items" title="Saved Items">
        <SavedIcon />
      </Link>
      <NotificationBell userId={user.id} />
      <ChatLink />
      <Link to="/profile" aria-label="Your profile" title={user.name} className="rounded-full">
        <Avatar name={user.name} url={user.profile_image_url} className="size-9" />
      </Link>
    </div>
  );
}

/**
 * The account links of a page without scripts (issue 31): Login shows, which works for everyone; the inline script
 * (lib/defer-hydration.ts) shows the signed-in links instead when local storage holds a session, and writes the
 * user's initial into the picture. They are plain links: the bell's count and the chat's dot need the app, which
 * the next page loads.
 */
function ScriptlessAccountArea() {
  return (
    <div className="ml-auto flex items-center">
      <div data-session="signed-out" className="flex items-center gap-2">
        <Link
          to="/auth"
          className="rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800"
        >
          Login
        </Link>
      </div>
      <div data-session="signed-in" hidden className="flex items-center gap-0.5 sm:gap-2">
        <Link
          to="/sell"
          className="rounded-lg bg-emerald-700 px-2.5 py-2 text-sm font-semibold text-white hover:bg-emerald-800 sm:px-4"
        >
          Sell
        </Link>
        <Link to="/profile/saved" className={iconLinkClass} aria-label="Saved Items" title="Saved Items">
          <SavedIcon />
        </Link>
        <Link to="/notifications" className={iconLinkClass} aria-label="Notifications" title="Notifications">
          <BellIcon />
        </Link>
        <Link to="/chat" className={iconLinkClass} aria-label="Chat" title="Chat">
          <ChatIcon />
        </Link>
        <Link to="/profile" aria-label="Your profile" title="Your profile" className="rounded-full">
          {/* The initial is an attribute the style shows, not text: a page loaded on intent hydrates this later, and
              text written into it would not match the server's and make React render the whole page again. */}
          <span
            data-initial=""
            aria-hidden="true"
            className="grid size-9 place-items-center rounded-full bg-emerald-100 font-bold text-emerald-800 before:content-[attr(data-initial)]"
          />
        </Link>
      </div>
    </div>
  );
}

const SavedIcon = () => (
  <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
    <path
      d="M12 21s-7.5-4.6-9.6-9.2C1 8.6 3 5 6.6 5c2 0 3.4 1.1 4.4 2.6h2C14 6.1 15.4 5 17.4 5 21 5 23 8.6 21.6 11.8 19.5 16.4 12 21 12 21z"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    />
  </svg>
);

const BellIcon = () => (
  <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
    <path
      d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
      strokeLinecap="round"
    />
  </svg>
);

const ChatIcon = () => (
  <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
    <path d="M4 5h16v11H8l-4 4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
  </svg>
);

const NotificationsPanel = lazy(() => import("~/features/notifications/components/notifications-panel"));

/**
 * Issue 29: the bell, with the number of unread notifications. On a phone it opens the notifications page; on a
 * desktop a dropdown of the newest ones (a native popover: Escape and a click outside close it), loaded when opened.
 */
function NotificationBell({ userId }: { userId: number }) {
  const unread = useNotificationBell();
  const label = unread ? `Notifications, ${unread} unread` : "Notifications";
  const panelId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const icon = (
    <>
      <BellIcon />
      {unread ? (
        <span
          className="absolute top-0.5 right-0 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white ring-2 ring-white"
          aria-hidden="true"
        >
          {unread > 9 ? "9+" : unread}
        </span>
      ) : null}
    </>
  );
  return (
    <>
      <Link to="/notifications" className={clsx(iconLinkClass, "relative lg:hidden")} aria-label={label} title={label}>
        {icon}
      </Link>
      <button
        type="button"
        popoverTarget={panelId}
        className={clsx(iconShapeClass, "relative hidden lg:grid")}
        aria-label={label}
        title={label}
      >
        {icon}
      </button>
      <div
        ref={panel}
        id={panelId}
        popover="auto"
        role="dialog"
        aria-label="Notifications"
        onToggle={(event) => setOpen(event.newState === "open")}
        className="top-16 right-6 bottom-auto left-auto m-0 w-96 rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-lg"
      >
        {open && (
          <Suspense fallback={<div className="h-40" aria-busy="true" />}>
            <NotificationsPanel userId={userId} onLeave={() => panel.current?.hidePopover()} />
          </Suspense>
        )}
      </div>
    </>
  );
}

/** Spec §2: Chat, with a red dot when a message from someone else came while the user was not on /chat. */
function ChatLink() {
  const newMessages = useChatAlert();
  return (
    <Link
      to="/chat"
      className={clsx(iconLinkClass, "relative")}
      aria-label={newMessages ? "Chat, new messages" : "Chat"}
      title={newMessages ? "Chat: new messages" : "Chat"}
    >
      <ChatIcon />
      {newMessages && (
        <span
          className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-red-600 ring-2 ring-white"
          aria-hidden="true"
        />
      )}
    </Link>
  );
}

/**
 * Spec §2: on small screens the menu is a slide-out panel that also carries the policy links. On a page sent
 * without scripts its links are in the server's HTML and the inline script opens and closes it by the `data-`
 * marks (lib/defer-hydration.ts).
 */
function MobileMenu() {
  const scriptless = useScriptless();
  const canInstall = useCanInstall();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        data-opens-menu
        className="-ml-2 grid size-10 place-items-center rounded-md text-slate-700 hover:bg-slate-100 lg:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
      >
        <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
          <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        label="Menu"
        id="site-menu"
        keepContent={scriptless}
        className="fixed inset-y-0 left-0 h-dvh max-h-none w-72 max-w-[85vw] bg-white shadow-xl"
      >
        <div className="flex h-full flex-col gap-6 overflow-y-auto p-5">
          <div className="flex items-center justify-between">
            <p className="flex items-center gap-2 font-bold">
              <Logo className="size-7" /> {BRAND}
            </p>
            <button
              type="button"
              onClick={close}
              data-closes-menu
              className="grid size-9 place-items-center rounded-md hover:bg-slate-100"
              aria-label="Close menu"
            >
              <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <nav aria-label="Mobile" className="flex flex-col gap-1">
            {MAIN_LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} end={link.to === "/"} className={navLinkClass} onClick={close}>
                {link.label}
              </NavLink>
            ))}
          </nav>
          <nav aria-label="Policies" className="flex flex-col gap-1 border-t border-slate-200 pt-4">
            {POLICY_LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} className={navLinkClass} onClick={close}>
                {link.label}
              </NavLink>
            ))}
          </nav>
          <DataSaverSwitch className="border-t border-slate-200 pt-4" />
          {/* Issue 31: only once the browser offers it (decision 102); iOS installs from Share → Add to Home Screen. */}
          {canInstall && (
            <button
              type="button"
              onClick={() => {
                close();
                void installApp();
              }}
              className="rounded-lg border border-emerald-700 px-3 py-2 text-left text-sm font-semibold text-emerald-800 hover:bg-emerald-50"
            >
              Install app
            </button>
          )}
        </div>
      </Modal>
    </>
  );
}

import { BRAND } from "@waterside/shared/brand";
import { useEffect, useState } from "react";
import { redirect, useLocation, useNavigate } from "react-router";
import type { Route } from "./+types/auth";
import { secondaryButtonClass } from "~/components/ui/form-field";
import { appHydrated } from "~/lib/early-taps";
import type { NoScriptsHandle } from "~/lib/scriptless";
import { currentSession, signIn, takeReturnRoute } from "~/lib/session";
import { browserTransport } from "~/lib/api-client";
import { getProviders } from "~/lib/api/get-providers";
import type { SignedIn } from "../api/log-in";
import { ForgotPassword } from "../components/forgot-password";
import { LoginForm } from "../components/login-form";
import { PhoneSignIn } from "../components/phone-sign-in";
import { RegisterWizard } from "../components/register-wizard";
import { SocialButtons } from "../components/social-buttons";

/**
 * Loaded on intent, as the public pages (decision 107): a visitor who followed Login from a page read without the app
 * gets the form at once, and the app's code comes at their first focus in a field or tap.
 */
export const handle: NoScriptsHandle = { scripts: "on-intent" };

export const meta: Route.MetaFunction = () => [
  { title: `Login or register | ${BRAND}` },
  { name: "robots", content: "noindex" },
];

/**
 * Rendered on the server, so the form is on screen before the scripts arrive (issue 31: it waited for them, LCP 3.1 s
 * on slow 4G). What is typed meanwhile is kept (the forms take their fields' values from the page when the app
 * starts) and a submit made meanwhile is held and sent once it has (lib/early-taps.ts, decision 106).
 */
export async function loader({ context }: Route.LoaderArgs) {
  return { providers: await getProviders(context.api) };
}

/** Moves inside the app: a signed-in user has nothing to do here. */
export async function clientLoader() {
  if (currentSession()) throw redirect("/");
  return { providers: await getProviders(browserTransport) };
}

type Mode = "login" | "register" | "forgot" | "phone";

const HEADINGS: Record<Mode, string> = {
  login: "Welcome back",
  register: `Join ${BRAND}`,
  forgot: "Reset your password",
  phone: "Continue with phone",
};

/**
 * Spec §2 /auth: login and register forms that swap; state may carry form=register. "Continue with phone" (issue 27)
 * swaps in the phone form the same way, which signs in and registers alike; "Continue with email" swaps back.
 */
export default function AuthPage({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const navigate = useNavigate();
  // The server cannot know a move's state: the page it sent, and so the hydration, show the login.
  const [mode, setMode] = useState<Mode>(() =>
    appHydrated() && (location.state as { form?: string } | null)?.form === "register" ? "register" : "login",
  );
  // A page loaded (not moved to) by a signed-in user, which only the browser can tell.
  useEffect(() => {
    if (currentSession()) navigate("/", { replace: true });
  }, [navigate]);

  const done = ({ user, authorization }: SignedIn) => {
    signIn(user, authorization);
    navigate(takeReturnRoute(), { replace: true });
  };

  return (
    <div className="mx-auto max-w-md px-4 py-8 sm:py-12">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        {(mode === "login" || mode === "register") && (
          <div
            role="tablist"
            aria-label="Login or register"
            className="mb-6 grid grid-cols-2 rounded-lg bg-slate-100 p-1"
          >
            {(["login", "register"] as const).map((tab) => (
              <button
                key={tab}
                type="button"
                role="tab"
                aria-selected={mode === tab}
                onClick={() => setMode(tab)}
                className={`rounded-md py-2 text-sm font-semibold ${mode === tab ? "bg-white text-emerald-800 shadow-sm" : "text-slate-600"}`}
              >
                {tab === "login" ? "Login" : "Register"}
              </button>
            ))}
          </div>
        )}
        <h1 className="mb-4 text-2xl font-semibold">{HEADINGS[mode]}</h1>
        {mode === "login" && <LoginForm onSignedIn={done} onForgot={() => setMode("forgot")} />}
        {mode === "register" && <RegisterWizard onSignedIn={done} />}
        {mode === "forgot" && <ForgotPassword onDone={() => setMode("login")} />}
        {mode === "phone" && <PhoneSignIn onSignedIn={done} autoFocus />}
        {mode !== "forgot" && (
          <div className="mt-6 space-y-2">
            <p className="text-center text-xs tracking-wide text-slate-500 uppercase">or</p>
            <button
              type="button"
              onClick={() => setMode(mode === "phone" ? "login" : "phone")}
              className={`${secondaryButtonClass} w-full`}
            >
              {mode === "phone" ? "Continue with email" : "Continue with phone"}
            </button>
            <SocialButtons providers={loaderData.providers} onSignedIn={done} />
          </div>
        )}
      </div>
    </div>
  );
}

import { zodResolver } from "@hookform/resolvers/zod";
import { ZLoginCredentials } from "@waterside/shared/auth";
import { AUTH_MESSAGES } from "@waterside/shared/auth-messages";
import { BRAND } from "@waterside/shared/brand";
import type { TAdminTwoFactorChallenge, TAdminTwoFactorSignedIn } from "@waterside/shared/admin-two-factor";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { redirect, useNavigate } from "react-router";
import type { z } from "zod";
import { primaryButtonClass } from "~/components/ui/form-field";
import { Logo } from "~/components/ui/logo";
import { PasswordField, TextField } from "~/components/ui/text-field";
import { browserTransport } from "~/lib/api-client";
import { showServerErrors } from "~/lib/form-errors";
import { deviceId } from "~/lib/token-session";
import { logInAdmin } from "../api/log-in-admin";
import { ADMIN_HOME_PATH, adminSignedIn, signInAdmin } from "../admin-session";
import { RecoveryCodes, TwoFactorStep } from "../components/two-factor-step";

const ZAdminLoginForm = ZLoginCredentials.omit({ device_id: true, remember_me: true });
type TAdminLoginForm = z.infer<typeof ZAdminLoginForm> & { remember_me: boolean };

export const meta = () => [{ title: `Admin login | ${BRAND}` }, { name: "robots", content: "noindex" }];

export function clientLoader() {
  if (adminSignedIn()) throw redirect(ADMIN_HOME_PATH);
  return null;
}

/**
 * Spec second document §2 /admin and §5 "Admin login": after login the target is /admin/dashboard. Issue 27: a right
 * password leads to the authenticator's code (its setup and the recovery codes at the first sign-in).
 */
export default function AdminLogin() {
  const navigate = useNavigate();
  const [challenge, setChallenge] = useState<{ challenge: TAdminTwoFactorChallenge; rememberMe: boolean }>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const [restartMessage, setRestartMessage] = useState<string>();
  const form = useForm<TAdminLoginForm>({
    resolver: zodResolver(ZAdminLoginForm) as never,
    defaultValues: { email: "", password: "", remember_me: false },
  });
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await logInAdmin(browserTransport, { ...values, device_id: deviceId() });
      setRestartMessage(undefined);
      if ("two_factor" in result) {
        setChallenge({ challenge: result, rememberMe: values.remember_me });
        return;
      }
      signInAdmin(result.admin, result.authorization);
      await navigate(ADMIN_HOME_PATH, { replace: true });
    } catch (error) {
      showServerErrors(error, form.setError, ["email", "password"], AUTH_MESSAGES.invalidCredentials);
    }
  });

  // Signed in at once; the recovery codes of a new authenticator are shown before the dashboard.
  function secondFactorPassed({ admin, authorization, recovery_codes }: TAdminTwoFactorSignedIn) {
    signInAdmin(admin, authorization);
    if (recovery_codes?.length) setRecoveryCodes(recovery_codes);
    else void navigate(ADMIN_HOME_PATH, { replace: true });
  }

  function restart(message: string) {
    setChallenge(undefined);
    setRestartMessage(message || undefined);
    form.setValue("password", "");
  }

  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-slate-100 px-4 py-10">
      <div className="w-full max-w-sm space-y-6 rounded-2xl bg-white p-6 shadow-sm sm:p-8">
        <div className="space-y-2 text-center">
          <Logo className="mx-auto size-12" />
          <h1 className="text-xl font-semibold">Admin login</h1>
        </div>
        {recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} onDone={() => void navigate(ADMIN_HOME_PATH, { replace: true })} />
        ) : challenge ? (
          <TwoFactorStep
            challenge={challenge.challenge}
            rememberMe={challenge.rememberMe}
            onSignedIn={secondFactorPassed}
            onRestart={restart}
          />
        ) : (
          <form onSubmit={submit} noValidate className="space-y-4" aria-label="Admin login">
            {restartMessage && (
              <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
                {restartMessage}
              </p>
            )}
            <TextField form={form} name="email" label="Email" required type="email" autoComplete="username" />
            <PasswordField form={form} name="password" label="Password" required autoComplete="current-password" />
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" {...form.register("remember_me")} className="size-4 accent-emerald-700" />
              Remember me
            </label>
            <button type="submit" className={`${primaryButtonClass} w-full`} disabled={isSubmitting}>
              {isSubmitting ? "Logging in…" : "Login"}
            </button>
          </form>
        )}
      </div>
    </main>
  );
}

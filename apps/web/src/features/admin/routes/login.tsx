import { zodResolver } from "@hookform/resolvers/zod";
import { ZLoginCredentials } from "@waterside/shared/auth";
import { AUTH_MESSAGES } from "@waterside/shared/auth-messages";
import { BRAND } from "@waterside/shared/brand";
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

const ZAdminLoginForm = ZLoginCredentials.omit({ device_id: true, remember_me: true });
type TAdminLoginForm = z.infer<typeof ZAdminLoginForm> & { remember_me: boolean };

export const meta = () => [{ title: `Admin login | ${BRAND}` }, { name: "robots", content: "noindex" }];

export function clientLoader() {
  if (adminSignedIn()) throw redirect(ADMIN_HOME_PATH);
  return null;
}

/** Spec second document §2 /admin and §5 "Admin login": after login the target is /admin/dashboard. */
export default function AdminLogin() {
  const navigate = useNavigate();
  const form = useForm<TAdminLoginForm>({
    resolver: zodResolver(ZAdminLoginForm) as never,
    defaultValues: { email: "", password: "", remember_me: false },
  });
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const { admin, authorization } = await logInAdmin(browserTransport, { ...values, device_id: deviceId() });
      signInAdmin(admin, authorization);
      await navigate(ADMIN_HOME_PATH, { replace: true });
    } catch (error) {
      showServerErrors(error, form.setError, ["email", "password"], AUTH_MESSAGES.invalidCredentials);
    }
  });

  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-slate-100 px-4 py-10">
      <div className="w-full max-w-sm space-y-6 rounded-2xl bg-white p-6 shadow-sm sm:p-8">
        <div className="space-y-2 text-center">
          <Logo className="mx-auto size-12" />
          <h1 className="text-xl font-semibold">Admin login</h1>
        </div>
        <form onSubmit={submit} noValidate className="space-y-4" aria-label="Admin login">
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
      </div>
    </main>
  );
}

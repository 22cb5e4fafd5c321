import { zodResolver } from "@hookform/resolvers/zod";
import { AUTH_MESSAGES } from "@waterside/shared/auth-messages";
import { ZLoginCredentials } from "@waterside/shared/auth";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { primaryButtonClass } from "~/components/ui/form-field";
import { PasswordField, TextField } from "~/components/ui/text-field";
import { browserTransport } from "~/lib/api-client";
import { APP_FORM_ATTRIBUTE } from "~/lib/early-taps";
import { showServerErrors } from "~/lib/form-errors";
import { deviceId } from "~/lib/session";
import { logIn, type SignedIn } from "../api/log-in";

const ZLoginForm = ZLoginCredentials.omit({ device_id: true, remember_me: true });
type TLoginForm = z.infer<typeof ZLoginForm> & { remember_me: boolean };

export function LoginForm({ onSignedIn, onForgot }: { onSignedIn: (result: SignedIn) => void; onForgot: () => void }) {
  // No default values: the server renders this form, and a field with a default is set to it when the app starts,
  // wiping what was typed before. Each field's value is taken from the page instead (Remember me is checked there).
  const form = useForm<TLoginForm>({ resolver: zodResolver(ZLoginForm) as never });
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      onSignedIn(await logIn(browserTransport, { ...values, device_id: deviceId() }));
    } catch (error) {
      showServerErrors(error, form.setError, ["email", "password"], AUTH_MESSAGES.invalidCredentials);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Login" {...{ [APP_FORM_ATTRIBUTE]: "" }}>
      <TextField form={form} name="email" label="Email" required type="email" autoComplete="email" />
      <PasswordField
        form={form}
        name="password"
        label="Password"
        required
        autoComplete="current-password"
        showStrength
      />
      <div className="flex items-center justify-between text-sm">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            defaultChecked
            {...form.register("remember_me")}
            className="size-4 accent-emerald-700"
          />
          Remember me
        </label>
        <button type="button" onClick={onForgot} className="font-medium text-emerald-800 hover:underline">
          Forgot password?
        </button>
      </div>
      <button type="submit" className={`${primaryButtonClass} w-full`} disabled={isSubmitting}>
        {isSubmitting ? "Logging in…" : "Login"}
      </button>
    </form>
  );
}

import { zodResolver } from "@hookform/resolvers/zod";
import { PASSWORD_RESET_MESSAGES } from "@waterside/shared/password-reset-messages";
import { ZResetPassword, ZSendResetCode } from "@waterside/shared/password-reset";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-field";
import { PasswordField, TextField } from "~/components/ui/text-field";
import { showServerErrors } from "~/lib/form-errors";
import { notify } from "~/lib/notify";
import { browserTransport } from "~/lib/api-client";
import { resetPassword } from "../api/reset-password";
import { sendResetCode } from "../api/send-reset-code";

/** Spec §2 forgot-password flow: the email, then the 4-digit code and a new password. */
export function ForgotPassword({ onDone }: { onDone: () => void }) {
  const [email, setEmail] = useState<string | null>(null);
  return email === null ? <SendCode onSent={setEmail} onBack={onDone} /> : <Reset email={email} onDone={onDone} />;
}

function SendCode({ onSent, onBack }: { onSent: (email: string) => void; onBack: () => void }) {
  const form = useForm<z.infer<typeof ZSendResetCode>>({
    resolver: zodResolver(ZSendResetCode),
    defaultValues: { email: "" },
  });
  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await sendResetCode(browserTransport, email);
      notify("success", PASSWORD_RESET_MESSAGES.codeSent);
      onSent(email);
    } catch (error) {
      showServerErrors(error, form.setError, ["email"], "Failed to send code");
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Forgot password">
      <p className="text-sm text-slate-600">Enter your email and we will send you a 4-digit code.</p>
      <TextField form={form} name="email" label="Email" required type="email" autoComplete="email" />
      <div className="flex gap-2">
        <button type="button" className={secondaryButtonClass} onClick={onBack}>
          Back to login
        </button>
        <button type="submit" className={`${primaryButtonClass} flex-1`} disabled={form.formState.isSubmitting}>
          Send code
        </button>
      </div>
    </form>
  );
}

type TReset = z.input<typeof ZResetPassword>;

function Reset({ email, onDone }: { email: string; onDone: () => void }) {
  const form = useForm<TReset>({
    resolver: zodResolver(ZResetPassword) as never,
    defaultValues: { email, code: "", password: "" },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await resetPassword(browserTransport, { email, code: String(values.code), password: values.password });
      notify("success", PASSWORD_RESET_MESSAGES.passwordReset);
      onDone();
    } catch (error) {
      showServerErrors(error, form.setError, ["code", "password"], "Failed to reset password");
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Reset password">
      <p className="text-sm text-slate-600">
        We sent a code to <strong>{email}</strong>. It works for 10 minutes.
      </p>
      <TextField
        form={form}
        name="code"
        label="Code"
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={4}
        className="tracking-[0.5em]"
      />
      <PasswordField
        form={form}
        name="password"
        label="New password"
        required
        autoComplete="new-password"
        showStrength
      />
      <button type="submit" className={`${primaryButtonClass} w-full`} disabled={form.formState.isSubmitting}>
        Reset password
      </button>
    </form>
  );
}

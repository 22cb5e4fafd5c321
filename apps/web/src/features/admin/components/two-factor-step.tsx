import {
  ADMIN_TWO_FACTOR_MESSAGES,
  TOTP_DIGITS,
  ZRecoveryCode,
  ZTotpCode,
  type TAdminTwoFactorChallenge,
  type TAdminTwoFactorSignedIn,
} from "@waterside/shared/admin-two-factor";
import { useState, type FormEvent } from "react";
import { FormField, inputClass, primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-field";
import { ApiError, browserTransport } from "~/lib/api-client";
import { notify } from "~/lib/notify";
import { deviceId } from "~/lib/token-session";
import { verifyAdminCode } from "../api/verify-admin-code";

/** What ends the challenge for good: the admin must give the password again. */
const RESTART_MESSAGES: readonly string[] = [
  ADMIN_TWO_FACTOR_MESSAGES.challengeExpired,
  ADMIN_TWO_FACTOR_MESSAGES.challengeVoid,
];

/** The key as an authenticator app asks for it, in groups of four that are easier to type. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/**
 * The second step of the admin login (issue 27, decision 071): the 6-digit code of the authenticator app, or a
 * recovery code; at the first sign-in, the authenticator's setup (QR code and the key to type) before the code.
 * `onRestart` goes back to the password with a message, when the challenge expired or took too many wrong codes.
 */
export function TwoFactorStep({
  challenge,
  rememberMe,
  onSignedIn,
  onRestart,
}: {
  challenge: TAdminTwoFactorChallenge;
  rememberMe: boolean;
  onSignedIn: (result: TAdminTwoFactorSignedIn) => void;
  onRestart: (message: string) => void;
}) {
  const enrolling = challenge.two_factor === "enrol" && challenge.enrolment;
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = (useRecovery ? ZRecoveryCode : ZTotpCode).safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setSubmitting(true);
    try {
      const result = await verifyAdminCode(browserTransport, {
        challenge_token: challenge.challenge_token,
        device_id: deviceId(),
        remember_me: rememberMe,
        ...(useRecovery ? { recovery_code: parsed.data } : { code: parsed.data }),
      });
      if (useRecovery) notify("info", ADMIN_TWO_FACTOR_MESSAGES.recoveryCodeUsed);
      onSignedIn(result);
    } catch (failure) {
      setSubmitting(false);
      if (failure instanceof ApiError && RESTART_MESSAGES.includes(failure.message)) {
        onRestart(failure.message);
      } else if (failure instanceof ApiError && failure.status !== 403 && failure.status < 500) {
        setError(Object.values(failure.errors ?? {})[0]?.[0] ?? failure.message);
      } else {
        notify("error", failure instanceof Error ? failure.message : "Request failed");
      }
    }
  }

  function switchMode() {
    setUseRecovery((current) => !current);
    setValue("");
    setError(undefined);
  }

  return (
    <div className="space-y-5">
      {enrolling ? (
        <div className="space-y-4">
          <div className="space-y-1 text-center">
            <h2 className="text-lg font-semibold">Set up your authenticator</h2>
            <p className="text-sm text-slate-600">
              Admins sign in with a code from an authenticator app (Google Authenticator, Microsoft Authenticator,
              1Password…). Scan this QR code with the app.
            </p>
          </div>
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(challenge.enrolment!.qr_svg)}`}
            alt="QR code to add this admin account to your authenticator app"
            width={192}
            height={192}
            className="mx-auto size-48 rounded-lg border border-slate-200 bg-white p-1"
          />
          <div className="space-y-1 text-sm">
            <p className="text-slate-600">Cannot scan it? Type this key in the app instead:</p>
            <code className="block rounded-lg bg-slate-100 px-3 py-2 text-center font-mono text-base tracking-wider break-all select-all">
              {grouped(challenge.enrolment!.secret)}
            </code>
          </div>
        </div>
      ) : (
        <div className="space-y-1 text-center">
          <h2 className="text-lg font-semibold">{useRecovery ? "Use a recovery code" : "Two-step verification"}</h2>
          <p className="text-sm text-slate-600">
            {useRecovery
              ? "Enter one of the recovery codes you saved when you set up your authenticator. Each works once."
              : "Enter the 6-digit code from your authenticator app."}
          </p>
        </div>
      )}

      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Verification code">
        <FormField
          label={useRecovery ? "Recovery code" : enrolling ? "Code from the app" : "Authentication code"}
          required
          error={error}
        >
          {(wiring) =>
            useRecovery ? (
              <input
                {...wiring}
                key="recovery"
                name="recovery_code"
                value={value}
                onChange={(event) => setValue(event.target.value)}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                autoFocus
                placeholder="xxxx-xxxx-xxxx-xxxx"
                className={`${inputClass} font-mono`}
              />
            ) : (
              <input
                {...wiring}
                key="code"
                name="code"
                value={value}
                onChange={(event) => setValue(event.target.value.replace(/[^\d\s]/g, "").slice(0, TOTP_DIGITS + 1))}
                autoComplete="one-time-code"
                inputMode="numeric"
                pattern="[0-9 ]*"
                autoFocus
                placeholder="123456"
                className={`${inputClass} text-center font-mono text-xl tracking-[0.3em]`}
              />
            )
          }
        </FormField>
        <button type="submit" className={`${primaryButtonClass} w-full`} disabled={submitting}>
          {submitting ? "Verifying…" : enrolling ? "Confirm and continue" : "Verify"}
        </button>
      </form>

      <div className="flex flex-col items-center gap-2 text-sm">
        {!enrolling && (
          <button type="button" onClick={switchMode} className="font-medium text-emerald-800 underline">
            {useRecovery ? "Use the code from your app" : "Use a recovery code"}
          </button>
        )}
        <button type="button" onClick={() => onRestart("")} className={`${secondaryButtonClass} w-full`}>
          Back to login
        </button>
      </div>
    </div>
  );
}

/**
 * The recovery codes, shown once after the authenticator's setup: each signs in once when the phone is lost. The admin
 * goes on to the dashboard only when they say they kept them.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      setCopied(true);
    } catch {
      notify("error", "Copy failed. Select the codes and copy them by hand.");
    }
  }

  return (
    <div className="space-y-4">
      <div className="space-y-1 text-center">
        <h2 className="text-lg font-semibold">Save your recovery codes</h2>
        <p className="text-sm text-slate-600">
          If you lose your phone, each of these codes signs you in once. Keep them somewhere safe: they are shown only
          this time.
        </p>
      </div>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-1 rounded-lg bg-slate-100 p-3 font-mono text-base select-all min-[340px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="text-center">
            {code}
          </li>
        ))}
      </ol>
      <button type="button" onClick={() => void copy()} className={`${secondaryButtonClass} w-full`}>
        {copied ? "Copied" : "Copy codes"}
      </button>
      <button type="button" onClick={onDone} className={`${primaryButtonClass} w-full`} autoFocus>
        I have saved them
      </button>
    </div>
  );
}

import { zodResolver } from "@hookform/resolvers/zod";
import { PHONE_CODE_LENGTH, ZPhoneCode, ZSendPhoneCode } from "@waterside/shared/phone-auth";
import type { TPhoneCodeSent } from "@waterside/shared/phone-auth";
import { PHONE_SCREENS_MESSAGES } from "@waterside/shared/phone-screens-messages";
import { useEffect, useState, type ChangeEvent, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { ApiError } from "~/lib/api-client";
import { primaryButtonClass, secondaryButtonClass } from "./ui/form-field";
import { TextField } from "./ui/text-field";

export interface PhoneCodeFlowProps {
  /** The number the first step starts with (a saved one to verify), else empty. */
  initialNumber?: string;
  /** Focus the number as the flow appears (on a page; a dialog focuses it by itself). */
  autoFocus?: boolean;
  /** Asks the server to text a code to the number as typed (it normalises it, or answers 422). */
  send: (phoneNumber: string) => Promise<TPhoneCodeSent>;
  /**
   * Checks the code. An ApiError it throws shows under the code when it is about the code, else its message above
   * the buttons. It may also resolve without finishing, after showing `children` for a second submit.
   */
  verify: (phoneNumber: string, code: string) => Promise<void>;
  /** The code step's submit button, and what it reads while the check runs. */
  verifyLabel: string;
  verifyingLabel: string;
  /** Fields the caller adds under the code (registration's name and terms); a complete code then waits for them. */
  children?: ReactNode;
  /** Told when the person goes back to change the number, so the caller drops what belonged to the old one. */
  onChangeNumber?: () => void;
}

/**
 * One field, then a 6-digit code (issue 27): the number step sends a code by SMS, the code step checks it, offers a
 * new one once `resend_in` has passed (with a visible countdown) and goes back to change the number. The code field
 * takes a pasted code with spaces and the phone's SMS autofill (`autocomplete="one-time-code"`), and submits by itself
 * once it holds 6 digits. Sign-in (/auth) and "Verify phone" (Personal Details) share it; each says what `send` and
 * `verify` call.
 */
export function PhoneCodeFlow({ initialNumber = "", autoFocus = false, send, ...codeStep }: PhoneCodeFlowProps) {
  const [sent, setSent] = useState<{ phoneNumber: string; resendAt: number } | null>(null);
  const [step, setStep] = useState<"number" | "code">("number");
  // Back from the code step to change the number, the number takes the focus again.
  const [focusNumber, setFocusNumber] = useState(autoFocus);

  const sendTo = async (phoneNumber: string) => {
    const reply = await send(phoneNumber);
    setSent({ phoneNumber, resendAt: Date.now() + reply.resend_in * 1000 });
  };

  if (step === "number" || !sent) {
    return (
      <NumberStep
        phoneNumber={sent?.phoneNumber ?? initialNumber}
        autoFocus={focusNumber}
        onSubmit={async (phoneNumber) => {
          // The same number again before another code may be asked for: the one sent still works, so back to it
          // rather than to a 'Please wait' from the server.
          if (phoneNumber !== sent?.phoneNumber || Date.now() >= sent.resendAt) await sendTo(phoneNumber);
          setStep("code");
        }}
      />
    );
  }
  return (
    <CodeStep
      {...codeStep}
      phoneNumber={sent.phoneNumber}
      resendAt={sent.resendAt}
      resend={() => sendTo(sent.phoneNumber)}
      onChangeNumber={() => {
        codeStep.onChangeNumber?.();
        setFocusNumber(true);
        setStep("number");
      }}
    />
  );
}

/** The message of a failure that is not one field's: the server's words (429 caps, 409), or `fallback`. */
const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status < 500 ? error.message : fallback;

function FlowAlert({ text }: { text: string | null }) {
  return text ? (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
      {text}
    </p>
  ) : null;
}

function NumberStep({
  phoneNumber,
  autoFocus,
  onSubmit,
}: {
  phoneNumber: string;
  autoFocus: boolean;
  /** Sends the code (or finds one already sent) and moves on to the code; an ApiError it throws is shown here. */
  onSubmit: (phoneNumber: string) => Promise<void>;
}) {
  const form = useForm<{ phone_number: string }>({
    resolver: zodResolver(ZSendPhoneCode),
    defaultValues: { phone_number: phoneNumber },
  });
  const { isSubmitting } = form.formState;
  const [alert, setAlert] = useState<string | null>(null);
  useEffect(() => {
    if (autoFocus) form.setFocus("phone_number");
  }, [autoFocus, form]);

  const submit = form.handleSubmit(async ({ phone_number }) => {
    setAlert(null);
    try {
      await onSubmit(phone_number);
    } catch (error) {
      const fieldMessage = error instanceof ApiError ? error.errors?.phone_number?.[0] : undefined;
      if (fieldMessage) form.setError("phone_number", { message: fieldMessage }, { shouldFocus: true });
      else setAlert(messageOf(error, PHONE_SCREENS_MESSAGES.sendFailed));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Send a code by SMS">
      <TextField
        form={form}
        name="phone_number"
        label="Phone number"
        required
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        hint="A Liberian number, e.g. 0886 123 456. We text you a 6-digit code."
      />
      <FlowAlert text={alert} />
      <button type="submit" className={`${primaryButtonClass} w-full`} disabled={isSubmitting}>
        {isSubmitting ? "Sending code…" : "Send code"}
      </button>
    </form>
  );
}

const ZCodeForm = z.object({ code: ZPhoneCode });

function CodeStep({
  phoneNumber,
  resendAt,
  resend,
  verify,
  verifyLabel,
  verifyingLabel,
  children,
  onChangeNumber,
}: Omit<PhoneCodeFlowProps, "initialNumber" | "send"> & {
  phoneNumber: string;
  resendAt: number;
  resend: () => Promise<void>;
  onChangeNumber: () => void;
}) {
  const form = useForm<{ code: string }>({ resolver: zodResolver(ZCodeForm), defaultValues: { code: "" } });
  const { isSubmitting } = form.formState;
  const [alert, setAlert] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const [resending, setResending] = useState(false);
  const { seconds: secondsLeft, restart: restartCountdown } = useSecondsUntil(resendAt);

  // The code field is what the person needs next: it takes the focus as it appears (and the phone offers the SMS).
  useEffect(() => form.setFocus("code"), [form]);

  const submit = form.handleSubmit(async ({ code }) => {
    setAlert(null);
    try {
      await verify(phoneNumber, code);
    } catch (error) {
      const fieldMessage = error instanceof ApiError ? error.errors?.code?.[0] : undefined;
      if (fieldMessage) form.setError("code", { message: fieldMessage }, { shouldFocus: true });
      else setAlert(messageOf(error, PHONE_SCREENS_MESSAGES.verifyFailed));
    }
  });

  const askAgain = async () => {
    setAlert(null);
    setResent(false);
    setResending(true);
    try {
      await resend();
      restartCountdown();
      form.reset({ code: "" });
      setResent(true);
      form.setFocus("code");
    } catch (error) {
      setAlert(messageOf(error, PHONE_SCREENS_MESSAGES.sendFailed));
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Enter the code">
      <p className="text-sm text-slate-700">
        We texted a {PHONE_CODE_LENGTH}-digit code to{" "}
        <strong className="font-semibold whitespace-nowrap">{phoneNumber}</strong>.
      </p>
      <TextField
        form={form}
        name="code"
        label={`${PHONE_CODE_LENGTH}-digit code`}
        required
        autoComplete="one-time-code"
        inputMode="numeric"
        className="text-center font-mono text-2xl tracking-[0.5em]"
        registerOptions={{
          // A pasted or autofilled code may come with spaces or words around it: only its digits are kept.
          onChange: (event: ChangeEvent<HTMLInputElement>) => {
            const digits = event.target.value.replace(/\D/g, "").slice(0, PHONE_CODE_LENGTH);
            if (digits !== event.target.value) form.setValue("code", digits);
            if (digits.length === PHONE_CODE_LENGTH && !children && !form.formState.isSubmitting) void submit();
          },
        }}
      />
      {children}
      <p role="status" className={resent ? "text-sm text-emerald-800" : "sr-only"}>
        {resent && PHONE_SCREENS_MESSAGES.codeSentAgain}
      </p>
      <FlowAlert text={alert} />
      <button type="submit" className={`${primaryButtonClass} w-full`} disabled={isSubmitting}>
        {isSubmitting ? verifyingLabel : verifyLabel}
      </button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={askAgain}
          disabled={secondsLeft > 0 || resending || isSubmitting}
        >
          {resending ? "Sending…" : secondsLeft > 0 ? `Resend code in ${clock(secondsLeft)}` : "Resend code"}
        </button>
        <button
          type="button"
          className="rounded-lg px-2 py-2.5 font-medium text-emerald-800 hover:underline disabled:opacity-60"
          onClick={onChangeNumber}
          disabled={isSubmitting}
        >
          Change number
        </button>
      </div>
    </form>
  );
}

/**
 * Whole seconds until `time`, ticking down once a second to 0, and `restart` to call with a new `time` (the clock
 * sleeps at 0, so it must read the time again then).
 */
function useSecondsUntil(time: number) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => {
      const tick = Date.now();
      setNow(tick);
      if (tick >= time) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [time]);
  return { seconds: Math.max(0, Math.ceil((time - now) / 1000)), restart: () => setNow(Date.now()) };
}

/** 75 → "1:15". */
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

import { zodResolver } from "@hookform/resolvers/zod";
import { AUTH_MESSAGES, PHONE_MIN_LENGTH } from "@waterside/shared/auth-messages";
import { ZRegisterFields } from "@waterside/shared/auth";
import { USER_TYPE } from "@waterside/shared/reference-ids";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { PicturePicker } from "~/components/picture-picker";
import { primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-field";
import { PasswordField, TextAreaField, TextField } from "~/components/ui/text-field";
import { ApiError, browserTransport } from "~/lib/api-client";
import { formData, showServerErrors } from "~/lib/form-errors";
import { notify } from "~/lib/notify";
import { deviceId } from "~/lib/session";
import { checkEmail } from "../api/check-email";
import type { SignedIn } from "../api/log-in";
import { registerAccount } from "../api/register-account";
import { TermsCheckbox } from "./terms-checkbox";

/** Step 1 (spec §5 "Registration"): name, email, password and its confirmation, the terms. */
const ZCredentials = ZRegisterFields.pick({ name: true, email: true, password: true, accept_terms: true })
  .extend({ password_confirmation: z.string().min(1, AUTH_MESSAGES.passwordsMatch) })
  .refine((values) => values.password === values.password_confirmation, {
    message: AUTH_MESSAGES.passwordsMatch,
    path: ["password_confirmation"],
  });
type TCredentials = z.infer<typeof ZCredentials>;

const ZDetails = z.object({
  // Spec §5: shorter than 8 characters is dropped rather than refused.
  phone_number: z.string().max(20, AUTH_MESSAGES.phoneInvalid).optional(),
  bio: z.string().max(1000).optional(),
  address: z.string().max(300).optional(),
  description: z.string().max(2000).optional(),
});
type TDetails = z.input<typeof ZDetails>;

const STEPS = ["Account", "Role", "Details"] as const;

/** Spec §2: registration in three steps — credentials, role, then personal or company details (or skip). */
export function RegisterWizard({ onSignedIn }: { onSignedIn: (result: SignedIn) => void }) {
  const [step, setStep] = useState(0);
  const [credentials, setCredentials] = useState<TCredentials | null>(null);
  const [role, setRole] = useState<number>(USER_TYPE.individual);

  return (
    <div className="space-y-5">
      <ol className="flex gap-2 text-xs font-medium" aria-label="Registration steps">
        {STEPS.map((label, index) => (
          <li
            key={label}
            aria-current={index === step ? "step" : undefined}
            className={`flex-1 rounded-full px-3 py-1 text-center ${index <= step ? "bg-emerald-700 text-white" : "bg-slate-100 text-slate-600"}`}
          >
            {index + 1}. {label}
          </li>
        ))}
      </ol>
      {step === 0 && (
        <CredentialsStep
          initial={credentials}
          onNext={(values) => {
            setCredentials(values);
            setStep(1);
          }}
        />
      )}
      {step === 1 && (
        <RoleStep role={role} onBack={() => setStep(0)} onNext={(chosen) => (setRole(chosen), setStep(2))} />
      )}
      {step === 2 && credentials && (
        <DetailsStep
          credentials={credentials}
          role={role}
          onBack={() => setStep(1)}
          onSignedIn={onSignedIn}
          onCredentialsRefused={() => setStep(0)}
        />
      )}
    </div>
  );
}

function CredentialsStep({
  initial,
  onNext,
}: {
  initial: TCredentials | null;
  onNext: (values: TCredentials) => void;
}) {
  const form = useForm<TCredentials>({
    resolver: zodResolver(ZCredentials) as never,
    defaultValues: initial ?? { name: "", email: "", password: "", password_confirmation: "", accept_terms: false },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await checkEmail(browserTransport, values.email);
      onNext(values);
    } catch (error) {
      showServerErrors(error, form.setError, ["email"], AUTH_MESSAGES.validationFailed);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Register">
      <TextField form={form} name="name" label="Name" required autoComplete="name" />
      <TextField form={form} name="email" label="Email" required type="email" autoComplete="email" />
      <PasswordField form={form} name="password" label="Password" required autoComplete="new-password" showStrength />
      <PasswordField
        form={form}
        name="password_confirmation"
        label="Confirm password"
        required
        autoComplete="new-password"
      />
      <TermsCheckbox field={form.register("accept_terms")} error={errors.accept_terms?.message} />
      <button type="submit" className={`${primaryButtonClass} w-full`} disabled={isSubmitting}>
        Next
      </button>
    </form>
  );
}

function RoleStep({ role, onBack, onNext }: { role: number; onBack: () => void; onNext: (role: number) => void }) {
  const [chosen, setChosen] = useState(role);
  const options = [
    { id: USER_TYPE.individual, title: "Individual", text: "Buy and sell for yourself." },
    { id: USER_TYPE.company, title: "Business", text: "Sell as a company, with a banner, address and description." },
  ];
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 font-medium">How will you use your account?</legend>
      {options.map((option) => (
        <label
          key={option.id}
          className={`flex cursor-pointer gap-3 rounded-xl border p-4 ${chosen === option.id ? "border-emerald-700 bg-emerald-50" : "border-slate-300"}`}
        >
          <input
            type="radio"
            name="role"
            checked={chosen === option.id}
            onChange={() => setChosen(option.id)}
            className="mt-1 accent-emerald-700"
          />
          <span>
            <span className="block font-semibold">{option.title}</span>
            <span className="text-sm text-slate-600">{option.text}</span>
          </span>
        </label>
      ))}
      <div className="flex gap-2 pt-2">
        <button type="button" className={secondaryButtonClass} onClick={onBack}>
          Back
        </button>
        <button type="button" className={`${primaryButtonClass} flex-1`} onClick={() => onNext(chosen)}>
          Next
        </button>
      </div>
    </fieldset>
  );
}

function DetailsStep({
  credentials,
  role,
  onBack,
  onSignedIn,
  onCredentialsRefused,
}: {
  credentials: TCredentials;
  role: number;
  onBack: () => void;
  onSignedIn: (result: SignedIn) => void;
  onCredentialsRefused: () => void;
}) {
  const business = role === USER_TYPE.company;
  const [profileImage, setProfileImage] = useState<File | null>(null);
  const [bannerImage, setBannerImage] = useState<File | null>(null);
  const form = useForm<TDetails>({ resolver: zodResolver(ZDetails) as never, defaultValues: {} });
  const { isSubmitting } = form.formState;

  async function send(details: TDetails | null) {
    const phone = details?.phone_number?.trim();
    try {
      const result = await registerAccount(
        browserTransport,
        formData({
          ...credentials,
          accept_terms: true,
          accept_policy: true,
          usertype_id: role,
          platform: "web",
          device_id: deviceId(),
          // Spec §5: a phone number shorter than 8 characters is dropped from the payload.
          phone_number: phone && phone.length >= PHONE_MIN_LENGTH ? phone : undefined,
          bio: details?.bio?.trim(),
          ...(business && { address: details?.address?.trim(), description: details?.description?.trim() }),
          "images.profile_image": details ? profileImage : null,
          "images.banner_image": details && business ? bannerImage : null,
        }),
      );
      notify("success", AUTH_MESSAGES.registered);
      onSignedIn(result);
    } catch (error) {
      if (error instanceof ApiError && (error.errors?.email || error.errors?.password || error.errors?.name)) {
        notify("error", error.message);
        onCredentialsRefused();
        return;
      }
      showServerErrors(error, form.setError, ["phone_number", "bio", "address", "description"], "Register failed");
    }
  }

  return (
    <form onSubmit={form.handleSubmit(send)} noValidate className="space-y-4" aria-label="Your details">
      <PicturePicker kind="profile" label="Profile picture" onPicked={setProfileImage} />
      <TextField
        form={form}
        name="phone_number"
        label="Phone number"
        hint="For buyers to call you, e.g. 231886123456"
        type="tel"
        autoComplete="tel"
      />
      {business && (
        <>
          <PicturePicker kind="banner" label="Company banner" onPicked={setBannerImage} />
          <TextField form={form} name="address" label="Address" autoComplete="street-address" />
          <TextAreaField form={form} name="description" label="Company description" rows={3} />
        </>
      )}
      {!business && <TextAreaField form={form} name="bio" label="About you" rows={3} />}
      <div className="flex flex-wrap gap-2 pt-2">
        <button type="button" className={secondaryButtonClass} onClick={onBack}>
          Back
        </button>
        <button type="button" className={secondaryButtonClass} disabled={isSubmitting} onClick={() => send(null)}>
          Skip and edit later
        </button>
        <button type="submit" className={`${primaryButtonClass} flex-1`} disabled={isSubmitting}>
          {isSubmitting ? "Creating account…" : "Create account"}
        </button>
      </div>
    </form>
  );
}

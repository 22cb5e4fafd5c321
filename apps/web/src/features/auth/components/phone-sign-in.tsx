import { zodResolver } from "@hookform/resolvers/zod";
import { AUTH_MESSAGES } from "@waterside/shared/auth-messages";
import { ZRegisterFields } from "@waterside/shared/auth";
import { PHONE_SCREENS_MESSAGES } from "@waterside/shared/phone-screens-messages";
import { USER_TYPE } from "@waterside/shared/reference-ids";
import { useEffect, useState } from "react";
import { useForm, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { PhoneCodeFlow } from "~/components/phone-code-flow";
import { TextField } from "~/components/ui/text-field";
import { ApiError, browserTransport } from "~/lib/api-client";
import { notify } from "~/lib/notify";
import { deviceId } from "~/lib/session";
import type { SignedIn } from "../api/log-in";
import { sendPhoneCode } from "../api/send-phone-code";
import { verifyPhoneCode } from "../api/verify-phone-code";
import { TermsCheckbox } from "./terms-checkbox";

/** What a newcomer adds to the code: the register form's name and terms (spec §5), and the account type. */
const ZNewcomer = ZRegisterFields.pick({ name: true, accept_terms: true });
type TNewcomer = z.input<typeof ZNewcomer> & { usertype_id: string };

const NEWCOMER_FIELDS = ["name", "accept_terms"] as const;

/**
 * "Continue with phone" (issue 27): the number, then the SMS code, and that signs in. When no account has the number
 * the same screen asks for the name, the account type and the terms, then sends the same code again with them, which
 * creates the account and signs in. Either way `onSignedIn` gets the body email login gets.
 */
export function PhoneSignIn({
  onSignedIn,
  autoFocus,
}: {
  onSignedIn: (result: SignedIn) => void;
  /** Focus the number as the form appears (it was asked for). */
  autoFocus?: boolean;
}) {
  const [newcomer, setNewcomer] = useState(false);
  const form = useForm<TNewcomer>({
    resolver: zodResolver(ZNewcomer) as never,
    defaultValues: { name: "", accept_terms: false, usertype_id: String(USER_TYPE.individual) },
  });

  const verify = async (phoneNumber: string, code: string) => {
    const signIn = { phone_number: phoneNumber, code, device_id: deviceId(), remember_me: true };
    if (!newcomer) {
      const result = await verifyPhoneCode(browserTransport, signIn);
      if ("registrationRequired" in result) setNewcomer(true);
      else onSignedIn(result.signedIn);
      return;
    }
    if (!(await form.trigger(undefined, { shouldFocus: true }))) return;
    const { name, usertype_id } = form.getValues();
    try {
      const result = await verifyPhoneCode(browserTransport, {
        ...signIn,
        name: name.trim(),
        usertype_id: Number(usertype_id) === USER_TYPE.company ? USER_TYPE.company : USER_TYPE.individual,
        accept_terms: true,
        accept_policy: true,
      });
      // Only a name the server refused brings this answer back; its field message says so.
      if ("registrationRequired" in result) return void form.setError("name", { message: AUTH_MESSAGES.nameRequired });
      notify("success", AUTH_MESSAGES.registered);
      onSignedIn(result.signedIn);
    } catch (error) {
      // The name or the terms refused go under their fields; anything else (the code) is the flow's to show.
      const refused = error instanceof ApiError ? NEWCOMER_FIELDS.filter((field) => error.errors?.[field]?.[0]) : [];
      if (refused.length === 0) throw error;
      for (const field of refused) form.setError(field, { message: (error as ApiError).errors?.[field]?.[0] });
    }
  };

  return (
    <PhoneCodeFlow
      autoFocus={autoFocus}
      send={(phoneNumber) => sendPhoneCode(browserTransport, phoneNumber)}
      verify={verify}
      verifyLabel={newcomer ? "Create account" : "Continue"}
      verifyingLabel={newcomer ? "Creating account…" : "Checking code…"}
      onChangeNumber={() => setNewcomer(false)}
    >
      {newcomer && <NewcomerFields form={form} />}
    </PhoneCodeFlow>
  );
}

/** The fields of registration a phone account needs, under the code that stays typed in. */
function NewcomerFields({ form }: { form: UseFormReturn<TNewcomer> }) {
  const { errors } = form.formState;
  // They appear after the code was checked: the name is what to fill in next.
  useEffect(() => form.setFocus("name"), [form]);
  const types = [
    { id: USER_TYPE.individual, title: "Individual", text: "Buy and sell for yourself." },
    { id: USER_TYPE.company, title: "Business", text: "Sell as a company, with a banner, address and description." },
  ];
  return (
    // A group named by why it appeared: a screen reader says so as the focus lands on the name.
    <div className="border-t border-slate-200 pt-4">
      <fieldset className="space-y-4">
        <legend className="text-sm font-medium text-slate-800">{PHONE_SCREENS_MESSAGES.noAccountYet}</legend>
        <TextField form={form} name="name" label="Name" required autoComplete="name" />
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">Account type</legend>
          <div className="grid gap-2">
            {types.map((type) => (
              <label
                key={type.id}
                className="flex cursor-pointer gap-3 rounded-xl border border-slate-300 p-3 has-checked:border-emerald-700 has-checked:bg-emerald-50"
              >
                <input
                  type="radio"
                  value={String(type.id)}
                  {...form.register("usertype_id")}
                  className="mt-1 accent-emerald-700"
                />
                <span>
                  <span className="block font-semibold">{type.title}</span>
                  <span className="text-sm text-slate-600">{type.text}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <TermsCheckbox field={form.register("accept_terms")} error={errors.accept_terms?.message} />
      </fieldset>
    </div>
  );
}

import { TRUST_MESSAGES } from "@waterside/shared/trust";
import type { TUser } from "@waterside/shared/users";
import { useState } from "react";
import { ApiError } from "~/lib/api-client";
import { notify } from "~/lib/notify";
import { authedTransport, updateUser } from "~/lib/session";
import { updatePhoneReveal } from "../api/update-phone-reveal";

const CHOICES = [
  {
    value: true,
    label: "Let buyers see my phone number",
    text: "Signed-in buyers with a verified phone may call you.",
  },
  { value: false, label: "Buyers must chat first", text: "Your number stays hidden; buyers write to you in Chat." },
] as const;

/**
 * The seller's contact privacy (issue 27): whether buyers may reveal their phone number on the ad page or must chat
 * first. A choice is saved as soon as it is made, and put back if it could not be.
 */
export function ContactPreference({ user }: { user: TUser }) {
  // A session stored before issue 27 has no choice yet: the API's default lets buyers see the number.
  const [revealable, setRevealable] = useState(user.phone_revealable !== false);
  const [saving, setSaving] = useState(false);

  const choose = async (value: boolean) => {
    const before = revealable;
    setRevealable(value);
    setSaving(true);
    try {
      updateUser(await updatePhoneReveal(authedTransport, { phone_revealable: value }));
      notify("success", TRUST_MESSAGES.phoneRevealSaved);
    } catch (error) {
      setRevealable(before);
      notify("error", error instanceof ApiError ? error.message : "Your choice could not be saved. Please try again.");
    } finally {
      setSaving(false);
    }
  };

  return (
    <fieldset
      disabled={saving}
      aria-busy={saving}
      className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <legend className="float-left mb-1 font-semibold">Your phone number on your ads</legend>
      {CHOICES.map((choice) => (
        <label
          key={String(choice.value)}
          className="clear-left flex items-start gap-3 rounded-lg p-2 hover:bg-slate-50"
        >
          <input
            type="radio"
            name="phone_revealable"
            checked={revealable === choice.value}
            onChange={() => void choose(choice.value)}
            className="mt-1 size-4 accent-emerald-700"
          />
          <span>
            <span className="font-medium">{choice.label}</span>
            <span className="block text-sm text-slate-600">{choice.text}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

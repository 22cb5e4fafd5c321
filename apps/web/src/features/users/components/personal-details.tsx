import { zodResolver } from "@hookform/resolvers/zod";
import { USER_TYPE } from "@waterside/shared/reference-ids";
import { USER_MESSAGES } from "@waterside/shared/users-messages";
import { ZProfileUpdate, type TUser } from "@waterside/shared/users";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { PicturePicker } from "~/components/picture-picker";
import { VerifiedBadge } from "~/components/trust/verified-badge";
import { primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-field";
import { TextAreaField, TextField } from "~/components/ui/text-field";
import { formData, showServerErrors } from "~/lib/form-errors";
import { notify } from "~/lib/notify";
import { authedTransport, updateUser } from "~/lib/session";
import { updateProfile } from "../api/update-profile";
import { VerifyPhoneDialog } from "./verify-phone-dialog";

type TForm = z.input<typeof ZProfileUpdate>;

/**
 * Spec §2 Personal Details: picture (1:1, 400x400), banner for a business (16:9), details, company. The phone number
 * is marked Verified once proved by SMS code, or offers "Verify phone" (issue 27).
 */
export function PersonalDetails({ user, onSaved }: { user: TUser; onSaved: (user: TUser) => void }) {
  const business = user.usertype_id === USER_TYPE.company;
  const [profileImage, setProfileImage] = useState<File | null>(null);
  const [bannerImage, setBannerImage] = useState<File | null>(null);
  const form = useForm<TForm>({
    resolver: zodResolver(ZProfileUpdate) as never,
    defaultValues: {
      name: user.name,
      email: user.email ?? "",
      phone_number: user.phone_number ?? "",
      bio: user.bio ?? "",
      company: business
        ? { address: user.company?.address ?? "", description: user.company?.description ?? "" }
        : undefined,
    },
  });
  const { isSubmitting } = form.formState;
  const [verifying, setVerifying] = useState(false);
  // The mark speaks of the saved number: one typed over it is not verified until its own code comes back.
  const typedPhone = useWatch({ control: form.control, name: "phone_number" });
  const phoneVerified = user.phone_verified && typedPhone.trim() === (user.phone_number ?? "");

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await updateProfile(
        authedTransport,
        formData({
          _method: "patch",
          name: values.name,
          email: typeof values.email === "string" ? values.email.trim() : "",
          phone_number: values.phone_number,
          bio: typeof values.bio === "string" ? values.bio.trim() : undefined,
          "company.address": business ? String(values.company?.address ?? "") : undefined,
          "company.description": business ? String(values.company?.description ?? "") : undefined,
          // Spec §5: a picture that is already a URL is not re-sent as a file.
          "images.profile_image.new": profileImage,
          "images.profile_image.old": profileImage ? undefined : user.profile_image_url,
          "images.banner_image.new": business ? bannerImage : null,
        }),
      );
      updateUser(saved);
      onSaved(saved);
      setProfileImage(null);
      setBannerImage(null);
      notify("success", USER_MESSAGES.updated);
    } catch (error) {
      showServerErrors(
        error,
        form.setError,
        ["name", "email", "phone_number", "bio"],
        "Error updating profile, please reload page and try again",
      );
    }
  });

  return (
    <>
      <form onSubmit={submit} noValidate className="space-y-5" aria-label="Personal details">
        <PicturePicker
          kind="profile"
          label="Change picture"
          currentUrl={user.profile_image_url}
          onPicked={setProfileImage}
        />
        {business && (
          <PicturePicker
            kind="banner"
            label="Change banner"
            currentUrl={user.company?.banner_image_url}
            onPicked={setBannerImage}
          />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            form={form}
            name="name"
            label={business ? "Company name" : "Full name"}
            required
            autoComplete="name"
          />
          {/* An account created by phone may save without an email until it adds one (decision 068). */}
          <TextField
            form={form}
            name="email"
            label="Email"
            required={user.email !== null}
            type="email"
            autoComplete="email"
          />
          <div className="space-y-2">
            <TextField form={form} name="phone_number" label="Phone number" required type="tel" autoComplete="tel" />
            {phoneVerified ? (
              <VerifiedBadge className="text-sm" />
            ) : (
              <button
                type="button"
                className={`${secondaryButtonClass} py-1.5 text-sm`}
                onClick={() => setVerifying(true)}
              >
                Verify phone
              </button>
            )}
          </div>
        </div>
        <TextAreaField form={form} name="bio" label="Bio" rows={3} />
        {business && (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField form={form} name="company.address" label="Address" />
            <TextAreaField form={form} name="company.description" label="Company description" rows={3} />
          </div>
        )}
        <button type="submit" className={primaryButtonClass} disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : "Save changes"}
        </button>
      </form>
      {/* Outside the form: the dialog's own forms must not sit inside this one. */}
      <VerifyPhoneDialog
        open={verifying}
        onOpenChange={setVerifying}
        phoneNumber={typedPhone.trim()}
        onVerified={(verified) => {
          // The same refresh as a save (updateUser, then the page's copy); the field shows the number as verified.
          updateUser(verified);
          onSaved(verified);
          form.resetField("phone_number", { defaultValue: verified.phone_number ?? "" });
        }}
      />
    </>
  );
}

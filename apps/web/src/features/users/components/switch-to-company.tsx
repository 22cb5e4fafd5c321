import { zodResolver } from "@hookform/resolvers/zod";
import { USER_MESSAGES } from "@waterside/shared/users-messages";
import { ZCompanyUpgrade, type TUser } from "@waterside/shared/users";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { PicturePicker } from "~/components/picture-picker";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { primaryButtonClass } from "~/components/ui/form-field";
import { TextAreaField, TextField } from "~/components/ui/text-field";
import { formData, showServerErrors } from "~/lib/form-errors";
import { notify } from "~/lib/notify";
import { authedTransport, updateUser } from "~/lib/session";
import { switchAccountType } from "../api/switch-account-type";

/** Spec §2 Switch To Company: an individual becomes a business (address and description required). No way back. */
export function SwitchToCompany({ onSwitched }: { onSwitched: (user: TUser) => void }) {
  const [banner, setBanner] = useState<File | null>(null);
  const form = useForm<z.input<typeof ZCompanyUpgrade>>({
    resolver: zodResolver(ZCompanyUpgrade) as never,
    defaultValues: { address: "", description: "" },
  });
  const { isSubmitting } = form.formState;
  const { confirm, dialog } = useConfirm();
  const submit = form.handleSubmit(async (values) => {
    const agreed = await confirm({
      title: "Switch to a company account?",
      text: "A company account cannot be switched back to a personal one.",
      confirm: "Switch",
      danger: true,
    });
    if (!agreed) return;
    try {
      const user = await switchAccountType(
        authedTransport,
        formData({
          _method: "patch",
          address: String(values.address),
          description: String(values.description),
          "images.banner_image": banner,
        }),
      );
      updateUser(user);
      notify("success", USER_MESSAGES.updated);
      onSwitched(user);
    } catch (error) {
      showServerErrors(
        error,
        form.setError,
        ["address", "description"],
        "Error updating to business plan, please reload page and try again",
      );
    }
  });
  return (
    <form onSubmit={submit} noValidate className="max-w-lg space-y-4" aria-label="Switch to company">
      <p className="text-sm text-slate-600">
        A company account shows a banner, address and description on your profile. You cannot switch back.
      </p>
      <PicturePicker kind="banner" label="Company banner" onPicked={setBanner} />
      <TextField form={form} name="address" label="Address" required />
      <TextAreaField form={form} name="description" label="Description" required rows={3} />
      <button type="submit" className={primaryButtonClass} disabled={isSubmitting}>
        Switch To Company
      </button>
      {dialog}
    </form>
  );
}

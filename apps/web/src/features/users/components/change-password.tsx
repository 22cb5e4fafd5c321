import { zodResolver } from "@hookform/resolvers/zod";
import { USER_MESSAGES } from "@waterside/shared/users-messages";
import { ZPasswordChange, type TPasswordChange } from "@waterside/shared/users";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { primaryButtonClass } from "~/components/ui/form-field";
import { PasswordField } from "~/components/ui/text-field";
import { showServerErrors } from "~/lib/form-errors";
import { notify } from "~/lib/notify";
import { authedTransport } from "~/lib/session";
import { changePassword } from "../api/change-password";

/** Spec §5 "Change password"; after 'Updated!' the user lands on /settings. */
export function ChangePassword() {
  const navigate = useNavigate();
  const form = useForm<TPasswordChange>({
    resolver: zodResolver(ZPasswordChange),
    defaultValues: { old_password: "", new_password: "", new_password_confirmation: "" },
  });
  const { isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await changePassword(authedTransport, values);
      notify("success", USER_MESSAGES.updated);
      navigate("/settings");
    } catch (error) {
      showServerErrors(
        error,
        form.setError,
        ["old_password", "new_password", "new_password_confirmation"],
        "Error updating password, please reload page and try again",
      );
    }
  });
  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-4" aria-label="Change password">
      <PasswordField
        form={form}
        name="old_password"
        label="Current password"
        required
        autoComplete="current-password"
      />
      <PasswordField
        form={form}
        name="new_password"
        label="New password"
        required
        autoComplete="new-password"
        showStrength
      />
      <PasswordField
        form={form}
        name="new_password_confirmation"
        label="Confirm new password"
        required
        autoComplete="new-password"
      />
      <button type="submit" className={primaryButtonClass} disabled={isSubmitting}>
        Update password
      </button>
    </form>
  );
}

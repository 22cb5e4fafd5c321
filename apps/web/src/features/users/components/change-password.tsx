import { zodResolver } from "@hookform/resolvers/zod";
import { USER_MESSAGES, ZPasswordChange, type TPasswordChange } from "@waterside/shared/users";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { FormField, primaryButtonClass } from "~/components/ui/form-field";
import { PasswordInput } from "~/components/ui/password-input";
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
  const typedPassword = useWatch({ control: form.control, name: "new_password" });
  const { errors, isSubmitting } = form.formState;
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
      <FormField label="Current password" required error={errors.old_password?.message}>
        {(field) => <PasswordInput {...field} {...form.register("old_password")} autoComplete="current-password" />}
      </FormField>
      <FormField label="New password" required error={errors.new_password?.message}>
        {(field) => (
          <PasswordInput
            {...field}
            {...form.register("new_password")}
            autoComplete="new-password"
            strength={typedPassword}
          />
        )}
      </FormField>
      <FormField label="Confirm new password" required error={errors.new_password_confirmation?.message}>
        {(field) => (
          <PasswordInput {...field} {...form.register("new_password_confirmation")} autoComplete="new-password" />
        )}
      </FormField>
      <button type="submit" className={primaryButtonClass} disabled={isSubmitting}>
        Update password
      </button>
    </form>
  );
}

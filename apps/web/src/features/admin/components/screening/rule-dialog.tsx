import { zodResolver } from "@hookform/resolvers/zod";
import {
  SCREENING_MESSAGES,
  ZScreeningRuleInput,
  type TScreeningRule,
  type TScreeningRuleInput,
} from "@waterside/shared/ad-screening";
import { useForm, type Resolver } from "react-hook-form";
import { primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-field";
import { Modal } from "~/components/ui/modal";
import { SelectField, TextField } from "~/components/ui/text-field";
import { showServerErrors } from "~/lib/form-errors";
import { notify } from "~/lib/notify";
import { adminTransport } from "../../admin-session";
import { createScreeningRule } from "../../api/create-screening-rule";
import { updateScreeningRule } from "../../api/update-screening-rule";
import { ADMIN_FAILURES } from "../failures";

const FIELDS = ["kind", "pattern", "action", "reason"] as const;

export const KIND_CHOICES = [
  { id: "word", name: "Word or phrase" },
  { id: "pattern", name: "Pattern (regular expression)" },
];
export const ACTION_CHOICES = [
  { id: "refuse", name: "Refuse the ad" },
  { id: "flag", name: "Flag it to the moderation queue" },
];

interface RuleDialogProps {
  /** The rule being edited; null when adding one. */
  rule: TScreeningRule | null;
  onSaved: (rule: TScreeningRule) => void;
  onClose: () => void;
}

/**
 * Adding or editing a banned-words rule (issue 28 "Words and contacts", decision 079): a word or a pattern, what it
 * does (refuse with 422 naming the reason, or flag to the moderation queue) and the reason sellers and admins read.
 * The form checks with the API's own schema; the API's 422s show under their fields.
 */
export function RuleDialog({ open, ...props }: RuleDialogProps & { open: boolean }) {
  const title = props.rule ? "Edit rule" : "Add rule";
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && props.onClose()}
      label={title}
      className="m-auto max-h-[calc(100dvh-1.5rem)] w-[min(32rem,calc(100vw-1.5rem))] overflow-y-auto rounded-2xl bg-white p-5 shadow-xl sm:p-6"
    >
      <RuleForm title={title} {...props} />
    </Modal>
  );
}

/** The form's values: the selects start empty, which the schema refuses with the contract's words. */
type RuleFormValues = { kind: string; pattern: string; action: string; reason: string };

const formValues = (rule: TScreeningRule | null): RuleFormValues => ({
  kind: rule?.kind ?? "word",
  pattern: rule?.pattern ?? "",
  action: rule?.action ?? "",
  reason: rule?.reason ?? "",
});

function RuleForm({ title, rule, onSaved, onClose }: RuleDialogProps & { title: string }) {
  const form = useForm<RuleFormValues, unknown, TScreeningRuleInput>({
    // The selects hold any text until the schema accepts one of its choices.
    resolver: zodResolver(ZScreeningRuleInput) as unknown as Resolver<RuleFormValues, unknown, TScreeningRuleInput>,
    defaultValues: formValues(rule),
  });
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    try {
      const saved = rule
        ? await updateScreeningRule(adminTransport, rule.id, input)
        : await createScreeningRule(adminTransport, input);
      notify("success", rule ? SCREENING_MESSAGES.updated : SCREENING_MESSAGES.created);
      onSaved(saved);
      onClose();
    } catch (error) {
      showServerErrors(
        error,
        form.setError,
        FIELDS,
        rule ? ADMIN_FAILURES.update(error) : ADMIN_FAILURES.create(error),
      );
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <h2 className="text-lg font-semibold">{title}</h2>
      <SelectField
        form={form}
        name="kind"
        label="Kind"
        required
        placeholder="Choose word or pattern"
        choices={KIND_CHOICES}
      />
      <TextField
        form={form}
        name="pattern"
        label="Word or pattern"
        required
        autoComplete="off"
        hint="A word matches whole words, in any case and with or without accents; a pattern is a regular expression."
      />
      <SelectField
        form={form}
        name="action"
        label="Action"
        required
        placeholder="Choose what happens"
        choices={ACTION_CHOICES}
      />
      <TextField
        form={form}
        name="reason"
        label="Reason"
        required
        autoComplete="off"
        hint="Sellers read it when the ad is refused: “This ad cannot be posted: …”."
      />
      <div className="flex justify-end gap-2 pt-2">
        <button type="button" onClick={onClose} className={secondaryButtonClass}>
          Cancel
        </button>
        <button type="submit" disabled={isSubmitting} className={primaryButtonClass}>
          {isSubmitting ? "Saving..." : rule ? "Save rule" : "Add rule"}
        </button>
      </div>
    </form>
  );
}

import { zodResolver } from "@hookform/resolvers/zod";
import { DEFAULT_EXPIRY_DAYS, EXPIRY_DAYS_MAX, EXPIRY_DAYS_MIN } from "@waterside/shared/ad-lifecycle";
import { useForm, type Resolver } from "react-hook-form";
import { primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-field";
import { Modal } from "~/components/ui/modal";
import { TextField } from "~/components/ui/text-field";
import { ApiError } from "~/lib/api-client";
import { showServerErrors } from "~/lib/form-errors";
import { notify } from "~/lib/notify";
import { ADMIN_FAILURES } from "../failures";
import {
  ZCatalogEntryForm,
  ZCategoryForm,
  ZNewCatalogEntryForm,
  ZNewCategoryForm,
  type TCatalogEntryForm,
} from "./catalog-forms";
import { ImageField } from "./image-field";

const FIELDS = ["name", "image", "expiry_days"] as const;

export interface CatalogEntryDialogProps {
  /** The dialog's title, also its accessible name: 'Add category', 'Edit subcategory' … */
  title: string;
  submitLabel: string;
  /** Editing: the entry's name and picture (and a category's expiry); a new picture is then optional. */
  entry?: { name: string; image_url: string | null; expiry_days?: number };
  /** A category: the dialog also asks how many days its ads live (issue 28). */
  withExpiry?: boolean;
  /** Sends the form; resolves once the change is saved (the caller shows it and says so), or throws. */
  onSubmit: (values: { name: string; image: File | null; expiry_days?: number }) => Promise<void>;
  onClose: () => void;
}

/**
 * Adding or editing a category or a subcategory (spec second document §2 "Manage Categories"): a name and a
 * picture, and for a category how many days its ads live before they expire (issue 28). Server field errors show under the fields; other failures read 'create failed: {message}' or
 * 'update failed: {message}' (§8).
 */
export function CatalogEntryDialog(props: CatalogEntryDialogProps & { open: boolean }) {
  return (
    <Modal
      open={props.open}
      onOpenChange={(open) => !open && props.onClose()}
      label={props.title}
      className="m-auto w-[min(30rem,calc(100vw-1.5rem))] rounded-2xl bg-white p-5 shadow-xl sm:p-6"
    >
      <CatalogEntryForm {...props} />
    </Modal>
  );
}

function CatalogEntryForm({ title, submitLabel, entry, withExpiry, onSubmit, onClose }: CatalogEntryDialogProps) {
  const schema = withExpiry
    ? entry
      ? ZCategoryForm
      : ZNewCategoryForm
    : entry
      ? ZCatalogEntryForm
      : ZNewCatalogEntryForm;
  const form = useForm<TCatalogEntryForm>({
    // The schema turns the days' text into a number; the form holds what was typed.
    resolver: zodResolver(schema) as unknown as Resolver<TCatalogEntryForm>,
    defaultValues: {
      name: entry?.name ?? "",
      image: null,
      ...(withExpiry && { expiry_days: entry?.expiry_days ?? DEFAULT_EXPIRY_DAYS }),
    },
  });
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit({
        name: values.name.trim(),
        image: values.image,
        ...(withExpiry && { expiry_days: Number(values.expiry_days) }),
      });
    } catch (error) {
      const fail = entry ? ADMIN_FAILURES.update : ADMIN_FAILURES.create;
      if (error instanceof ApiError && FIELDS.some((field) => error.errors?.[field])) {
        showServerErrors(error, form.setError, FIELDS, fail(error.message));
      } else {
        notify("error", fail(error));
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <h2 className="text-lg font-semibold">{title}</h2>
      <TextField form={form} name="name" label="Name" required autoComplete="off" />
      <ImageField form={form} name="image" label="Image" required={!entry} currentUrl={entry?.image_url} />
      {withExpiry && (
        <TextField
          form={form}
          name="expiry_days"
          label="Ads expire after (days)"
          hint={`From ${EXPIRY_DAYS_MIN} to ${EXPIRY_DAYS_MAX} days after posting. Ads already posted keep their dates.`}
          required
          type="number"
          inputMode="numeric"
          min={EXPIRY_DAYS_MIN}
          max={EXPIRY_DAYS_MAX}
          className="max-w-32"
        />
      )}
      <div className="flex justify-end gap-2 pt-2">
        <button type="button" onClick={onClose} className={secondaryButtonClass}>
          Cancel
        </button>
        <button type="submit" disabled={isSubmitting} className={primaryButtonClass}>
          {isSubmitting ? "Saving..." : submitLabel}
        </button>
      </div>
    </form>
  );
}

import { zodResolver } from "@hookform/resolvers/zod";
import type { TAdminSubcategoryAttribute } from "@waterside/shared/admin-catalog";
import { ADMIN_CATALOG_MESSAGES as M } from "@waterside/shared/admin-catalog-messages";
import { useEffect, useId, useRef } from "react";
import { useForm, useWatch, type Path, type UseFormReturn } from "react-hook-form";
import { primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-field";
import { Modal } from "~/components/ui/modal";
import { SelectField, TextField } from "~/components/ui/text-field";
import { ApiError } from "~/lib/api-client";
import { showServerErrors } from "~/lib/form-errors";
import { notify } from "~/lib/notify";
import type { Load } from "~/lib/use-load";
import { adminTransport } from "../../admin-session";
import type { TAttributeType } from "../../api/get-attribute-types";
import { ZAttributeForm, type TAttributeForm } from "./catalog-forms";
import { ADMIN_FAILURES } from "../failures";
import { attributeValues, createSubcategoryAttributeFlow, updateSubcategoryAttributeFlow } from "./save-attribute";

const FIELDS = ["name", "attribute_type_id", "options"] as const;

interface AttributeDialogProps {
  subcategoryId: number;
  /** The subcategory attribute being edited; none when adding one. */
  link: TAdminSubcategoryAttribute | null;
  types: Load<TAttributeType[]>;
  onSaved: () => void;
  onClose: () => void;
}

/**
 * Adding or editing a subcategory's attribute (spec second document §4 "Attribute management flow", §5 "Admin
 * catalogue"): name, type, Required, Restricted, Has options and the options, comma-separated.
 */
export function AttributeDialog({ open, ...props }: AttributeDialogProps & { open: boolean }) {
  const title = props.link ? "Edit attribute" : "Add attribute";
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && props.onClose()}
      label={title}
      className="m-auto max-h-[calc(100dvh-1.5rem)] w-[min(32rem,calc(100vw-1.5rem))] overflow-y-auto rounded-2xl bg-white p-5 shadow-xl sm:p-6"
    >
      <AttributeForm title={title} {...props} />
    </Modal>
  );
}

/** Spec second document §8: what a select list says while it has no choices. */
const typePlaceholder = (types: Load<TAttributeType[]>) =>
  types.error
    ? "Error loading items."
    : types.data === undefined
      ? "Loading..."
      : types.data.length === 0
        ? "No results found"
        : "Select a type";

const formValues = (link: TAdminSubcategoryAttribute | null): TAttributeForm => ({
  name: link?.attribute.name ?? "",
  attribute_type_id: link ? String(link.attribute.attribute_type_id) : "",
  is_required: link?.is_required ?? false,
  is_restricted: link?.is_restricted ?? false,
  has_options: link?.has_options ?? false,
  options: link?.options.map((option) => option.value).join(", ") ?? "",
});

function AttributeForm({
  title,
  subcategoryId,
  link,
  types,
  onSaved,
  onClose,
}: AttributeDialogProps & { title: string }) {
  const form = useForm<TAttributeForm>({ resolver: zodResolver(ZAttributeForm), defaultValues: formValues(link) });
  const hasOptions = useWatch({ control: form.control, name: "has_options" });
  // A select shows its value only once it has that option: types read after the dialog opened are shown then.
  const typesReady = types.data !== undefined;
  useEffect(() => {
    if (typesReady) form.setValue("attribute_type_id", form.getValues("attribute_type_id"));
  }, [typesReady, form]);
  const { isSubmitting } = form.formState;
  // An attribute a first try created but could not link: the next try links it instead of making another.
  const unlinked = useRef<number | null>(null);

  const submit = form.handleSubmit(async (input) => {
    const values = attributeValues(input);
    try {
      if (link) {
        await updateSubcategoryAttributeFlow(adminTransport, link, values);
      } else {
        await createSubcategoryAttributeFlow(adminTransport, subcategoryId, values, unlinked.current, (id) => {
          unlinked.current = id;
        });
      }
    } catch (error) {
      if (error instanceof ApiError && FIELDS.some((field) => error.errors?.[field])) {
        showServerErrors(error, form.setError, FIELDS, ADMIN_FAILURES.attribute);
      } else {
        notify("error", ADMIN_FAILURES.attribute);
      }
      // An edit may have saved its first steps: the table shows what is stored now.
      if (link) onSaved();
      return;
    }
    notify("success", link ? M.attributeUpdated : M.attributeCreated);
    onSaved();
    onClose();
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <h2 className="text-lg font-semibold">{title}</h2>
      <TextField form={form} name="name" label="Name" required autoComplete="off" />
      <SelectField
        form={form}
        name="attribute_type_id"
        label="Type"
        required
        placeholder={typePlaceholder(types)}
        choices={types.data ?? []}
      />
      {types.error && (
        <div className="flex flex-wrap items-center gap-3">
          <p role="alert" className="text-sm text-red-700">
            Error loading items.
          </p>
          <button type="button" onClick={types.reload} className={secondaryButtonClass}>
            Retry
          </button>
        </div>
      )}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Rules</legend>
        <Check form={form} name="is_required" label="Required" hint="Sellers must fill it in." />
        <Check form={form} name="is_restricted" label="Restricted" hint="Sellers choose one of the options only." />
        <Check form={form} name="has_options" label="Has options" hint="Sellers pick from (or are offered) a list." />
      </fieldset>
      {hasOptions && (
        <TextField
          form={form}
          name="options"
          label="Options"
          required
          autoComplete="off"
          hint="Separate options with commas, e.g. Wood, Steel, Aluminium."
        />
      )}
      {link && !hasOptions && link.options.length > 0 && (
        <p className="text-sm text-amber-800">Saving without options deletes the options it has.</p>
      )}
      <div className="flex justify-end gap-2 pt-2">
        <button type="button" onClick={onClose} className={secondaryButtonClass}>
          Cancel
        </button>
        <button type="submit" disabled={isSubmitting} className={primaryButtonClass}>
          {isSubmitting ? "Saving..." : link ? "Save attribute" : "Add attribute"}
        </button>
      </div>
    </form>
  );
}

function Check({
  form,
  name,
  label,
  hint,
}: {
  form: UseFormReturn<TAttributeForm>;
  name: Path<TAttributeForm>;
  label: string;
  hint: string;
}) {
  const hintId = useId();
  return (
    <div className="flex items-start gap-2.5 text-sm">
      <input
        type="checkbox"
        id={`${hintId}-box`}
        aria-describedby={hintId}
        {...form.register(name)}
        className="mt-0.5 size-4 shrink-0 accent-emerald-700"
      />
      <div>
        <label htmlFor={`${hintId}-box`} className="font-medium text-slate-800">
          {label}
        </label>
        <p id={hintId} className="text-slate-600">
          {hint}
        </p>
      </div>
    </div>
  );
}

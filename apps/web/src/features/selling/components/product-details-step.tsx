import type { TSubcategoryAttribute } from "@waterside/shared/selling";
import { FormField, inputClass } from "~/components/ui/form-field";
import type { SellWizard } from "../hooks/use-sell-wizard";

/** Spec selling §5 "Ad step 2": the chosen subcategory's attributes. */
export function ProductDetailsStep({ wizard }: { wizard: SellWizard }) {
  const { attributeRules, form } = wizard;
  const { errors } = form.formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {attributeRules === null && <p aria-busy="true">Loading...</p>}
      {attributeRules?.length === 0 && <p className="text-slate-600">No details to add for this subcategory.</p>}
      {attributeRules?.map((rule) => (
        <AttributeInput
          key={rule.id}
          rule={rule}
          form={form}
          error={errors.attributes?.[rule.attribute.name]?.message}
        />
      ))}
    </div>
  );
}

/** A Yes/No select, a select of options when restricted, else free text with suggestions. */
function AttributeInput({
  rule,
  form,
  error,
}: {
  rule: TSubcategoryAttribute;
  form: SellWizard["form"];
  error?: string;
}) {
  const name = rule.attribute.name;
  const type = rule.attribute.attribute_type.name;
  const listId = `suggestions-${rule.id}`;
  return (
    <FormField label={name} required={rule.is_required} error={error}>
      {(field) =>
        type === "Boolean" ? (
          <select {...field} {...form.register(`attributes.${name}`)} className={inputClass}>
            <option value="">Select</option>
            <option value="Yes">Yes</option>
            <option value="No">No</option>
          </select>
        ) : rule.is_restricted && rule.options.length > 0 ? (
          <select {...field} {...form.register(`attributes.${name}`)} className={inputClass}>
            <option value="">Select</option>
            {rule.options.map((option) => (
              <option key={option.id} value={option.value}>
                {option.value}
              </option>
            ))}
          </select>
        ) : (
          <>
            <input
              {...field}
              {...form.register(`attributes.${name}`)}
              inputMode={type === "Number" ? "numeric" : undefined}
              list={rule.options.length ? listId : undefined}
              className={inputClass}
            />
            {rule.options.length > 0 && (
              <datalist id={listId}>
                {rule.options.map((option) => (
                  <option key={option.id} value={option.value} />
                ))}
              </datalist>
            )}
          </>
        )
      }
    </FormField>
  );
}

import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { clsx } from "clsx";
import {
  get,
  useFormState,
  useWatch,
  type FieldError,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from "react-hook-form";
import { FormField, inputClass, type FieldControlProps } from "./form-field";
import { PasswordInput } from "./password-input";

/** What every field of a react-hook-form form takes: the form, the field's name, its label. */
interface FieldProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
  required?: boolean;
  hint?: string;
  /** register()'s options, e.g. an onChange of the field's own. */
  registerOptions?: RegisterOptions<T, Path<T>>;
}

/** The attributes a caller may add to the control; the field's name, form and handlers come from register(). */
type Attributes<A> = Omit<A, "form" | "name" | "id" | "onChange" | "onBlur">;

type InputAttributes = Attributes<InputHTMLAttributes<HTMLInputElement>>;

/**
 * A FormField wired to react-hook-form: the control is registered under `name` and gets the caller's other
 * attributes; the field's error (from the form's state, nested names included) shows under it with aria-invalid
 * and aria-describedby (spec §5).
 */
function RegisteredField<T extends FieldValues, A extends object>({
  field: { form, name, label, required, hint, registerOptions, ...attributes },
  control,
}: {
  field: FieldProps<T> & A;
  control: (props: FieldControlProps & UseFormRegisterReturn & Omit<A, keyof FieldProps<T>>) => ReactNode;
}) {
  const { errors } = useFormState({ control: form.control, name });
  const error = get<typeof errors, FieldError | undefined>(errors, name);
  return (
    <FormField label={label} required={required} hint={hint} error={error?.message}>
      {(wiring) => control({ ...wiring, ...form.register(name, registerOptions), ...attributes })}
    </FormField>
  );
}

/** A labelled text input of a form (email, phone, name, price …). */
export function TextField<T extends FieldValues>(field: FieldProps<T> & InputAttributes) {
  return (
    <RegisteredField
      field={field}
      control={({ className, ...props }) => <input {...props} className={clsx(inputClass, className)} />}
    />
  );
}

/** A labelled multi-line text of a form (bio, description). */
export function TextAreaField<T extends FieldValues>(
  field: FieldProps<T> & Attributes<TextareaHTMLAttributes<HTMLTextAreaElement>>,
) {
  return <RegisteredField field={field} control={(props) => <textarea {...props} className={inputClass} />} />;
}

/** A labelled password with its show/hide toggle; `showStrength` adds the strength bar of what is typed. */
export function PasswordField<T extends FieldValues>({
  showStrength = false,
  ...field
}: FieldProps<T> & InputAttributes & { showStrength?: boolean }) {
  const typed = useWatch({ control: field.form.control, name: field.name, disabled: !showStrength });
  const strength = showStrength ? (typeof typed === "string" ? typed : "") : undefined;
  return <RegisteredField field={field} control={(props) => <PasswordInput {...props} strength={strength} />} />;
}

/**
 * A labelled native select of a form: an empty first choice reading `placeholder`, then `choices` by id and name,
 * then any other options (e.g. groups) given as children.
 */
export function SelectField<T extends FieldValues>({
  placeholder,
  choices = [],
  children,
  ...field
}: FieldProps<T> &
  Attributes<SelectHTMLAttributes<HTMLSelectElement>> & {
    placeholder: string;
    choices?: ReadonlyArray<{ id: number | string; name: string }>;
  }) {
  return (
    <RegisteredField
      field={field}
      control={(props) => (
        <select {...props} className={inputClass}>
          <option value="">{placeholder}</option>
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
          {children}
        </select>
      )}
    />
  );
}

import { IMAGE_MESSAGES } from "@waterside/shared/images-messages";
import { useEffect, useState } from "react";
import { useController, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import { FormField } from "~/components/ui/form-field";
import { toWebp } from "~/lib/images";
import { CatalogImage } from "./catalog-image";

/** Twice the 240×180 the API stores, so the server's own resize still has enough to work with. */
const UPLOAD_SIZE = { width: 480, height: 360 };

/**
 * A catalogue picture (spec second document §5 "Admin catalogue"): a file input with the current picture, or a
 * preview of the chosen one. The choice is sent as a WebP no larger than it needs to be (spec §5 image upload);
 * a picture the browser cannot draw goes as it is, and the API's answer shows under the field.
 */
export function ImageField<T extends FieldValues>({
  form,
  name,
  label,
  required,
  currentUrl = null,
}: {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
  required?: boolean;
  currentUrl?: string | null;
}) {
  const { field, fieldState } = useController({ control: form.control, name });
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  async function choose(file: File | undefined) {
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      form.setError(name, { message: IMAGE_MESSAGES.notAnImage });
      return;
    }
    let picked: File = file;
    try {
      const webp = await toWebp(file, UPLOAD_SIZE);
      picked = new File([webp], "picture.webp", { type: "image/webp" });
    } catch {
      // The server reads more formats than the browser draws (HEIC on some phones).
    }
    setPreview(URL.createObjectURL(picked));
    field.onChange(picked);
    form.clearErrors(name);
  }

  return (
    <FormField
      label={label}
      required={required}
      error={fieldState.error?.message}
      hint={currentUrl ? "Choose a file to replace the current picture." : undefined}
    >
      {(control) => (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <CatalogImage url={preview ?? currentUrl} className="w-28" />
          <input
            {...control}
            ref={field.ref}
            name={field.name}
            onBlur={field.onBlur}
            type="file"
            accept="image/*"
            onChange={(event) => void choose(event.target.files?.[0])}
            className="w-full min-w-0 text-sm sm:flex-1 text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:font-medium file:text-slate-800 hover:file:bg-slate-50"
          />
        </div>
      )}
    </FormField>
  );
}

import { Suspense, lazy, useEffect, useState } from "react";
import { secondaryButtonClass } from "./ui/form-field";

const ImageCropper = lazy(() => import("./image-cropper"));

/**
 * Choose a picture, crop it to `aspect`, get a WebP of `size` (spec §5). Shows the current picture, or the
 * new one once cropped.
 */
export function PicturePicker({
  label,
  currentUrl,
  aspect,
  size,
  shape = "rounded",
  onPicked,
}: {
  label: string;
  currentUrl: string | null;
  aspect: number;
  size: { width: number; height: number };
  shape?: "round" | "rounded";
  onPicked: (file: File) => void;
}) {
  const [source, setSource] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const shown = preview ?? currentUrl;
  return (
    <div className="flex items-center gap-4">
      <div
        className={
          shape === "round"
            ? "size-20 shrink-0 overflow-hidden rounded-full bg-slate-100"
            : "aspect-video w-40 shrink-0 overflow-hidden rounded-lg bg-slate-100"
        }
      >
        {shown && <img src={shown} alt="" className="size-full object-cover" />}
      </div>
      <label className={`${secondaryButtonClass} cursor-pointer focus-within:ring-2 focus-within:ring-emerald-600`}>
        {label}
        <input
          type="file"
          accept="image/*"
          className="sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file?.type.startsWith("image/")) setSource(URL.createObjectURL(file));
          }}
        />
      </label>
      {source && (
        <Suspense>
          <ImageCropper
            source={source}
            aspect={aspect}
            size={size}
            label={label}
            onCancel={() => setSource(null)}
            onDone={(blob) => {
              URL.revokeObjectURL(source);
              setSource(null);
              setPreview(URL.createObjectURL(blob));
              onPicked(new File([blob], "picture.webp", { type: "image/webp" }));
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

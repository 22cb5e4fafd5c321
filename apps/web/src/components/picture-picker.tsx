import { IMAGE_SIZES } from "@waterside/shared/images";
import { Suspense, lazy, useEffect, useState } from "react";
import { secondaryButtonClass } from "./ui/form-field";

const ImageCropper = lazy(() => import("./image-cropper"));

/** Spec §2/§5: a profile picture is square (400x400) and shown round; a company banner is 16:9. */
const KINDS = {
  profile: {
    aspect: 1,
    size: IMAGE_SIZES.profile,
    frame: "size-20 shrink-0 overflow-hidden rounded-full bg-slate-100",
  },
  banner: {
    aspect: 16 / 9,
    size: IMAGE_SIZES.banner,
    frame: "aspect-video w-40 shrink-0 overflow-hidden rounded-lg bg-slate-100",
  },
} as const;

/**
 * Choose a picture, crop it to its kind's aspect, get a WebP of its kind's size (spec §5). Shows the current
 * picture, or the new one once cropped.
 */
export function PicturePicker({
  kind,
  label,
  currentUrl = null,
  onPicked,
}: {
  kind: keyof typeof KINDS;
  label: string;
  currentUrl?: string | null;
  onPicked: (file: File) => void;
}) {
  const { aspect, size, frame } = KINDS[kind];
  const [source, setSource] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const shown = preview ?? currentUrl;
  return (
    <div className="flex items-center gap-4">
      <div className={frame}>{shown && <img src={shown} alt="" className="size-full object-cover" />}</div>
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

import { useState } from "react";
import Cropper, { type Area } from "react-easy-crop";
import { toWebp } from "~/lib/images";
import { Modal } from "./ui/modal";
import { primaryButtonClass, secondaryButtonClass } from "./ui/form-field";

/**
 * A crop dialog (keyboard: arrows move, +/- zoom, via react-easy-crop) that hands back a WebP of at most
 * `size` (spec §5: cropped, then WebP at quality 0.8). Loaded only by screens that upload pictures.
 */
export default function ImageCropper({
  source,
  aspect,
  size,
  label,
  onDone,
  onCancel,
}: {
  source: string;
  aspect: number;
  size: { width: number; height: number };
  label: string;
  onDone: (blob: Blob) => void;
  onCancel: () => void;
}) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [failed, setFailed] = useState(false);
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onCancel()}
      label={label}
      className="mx-auto mt-[5vh] w-[calc(100%-1rem)] max-w-lg rounded-2xl bg-white p-4 shadow-xl"
    >
      <h2 className="mb-3 text-lg font-semibold">{label}</h2>
      <div className="relative h-72 overflow-hidden rounded-lg bg-slate-900 sm:h-80">
        <Cropper
          image={source}
          crop={crop}
          zoom={zoom}
          aspect={aspect}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
        />
      </div>
      <label className="mt-3 flex items-center gap-3 text-sm">
        Zoom
        <input
          type="range"
          min={1}
          max={3}
          step={0.05}
          value={zoom}
          onChange={(event) => setZoom(Number(event.target.value))}
          className="flex-1 accent-emerald-700"
        />
      </label>
      {failed && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          Failed to crop the image. Please try again.
        </p>
      )}
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" className={secondaryButtonClass} onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className={primaryButtonClass}
          disabled={!area}
          onClick={async () => {
            try {
              const blob = await fetch(source).then((response) => response.blob());
              onDone(await toWebp(blob, size, area!));
            } catch {
              setFailed(true);
            }
          }}
        >
          Crop and use
        </button>
      </div>
    </Modal>
  );
}

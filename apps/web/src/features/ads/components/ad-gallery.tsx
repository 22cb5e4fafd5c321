import type { TAdGalleryImage } from "@waterside/shared/ads";
import { IMAGE_SIZES } from "@waterside/shared/images";
import { useRef, useState } from "react";
import { clsx } from "clsx";
import { Modal } from "~/components/ui/modal";

/** Swipes shorter than this are taps, not a change of photo. */
const SWIPE_MIN_PX = 40;

/**
 * How wide the main photo shows (decision 062), from the ad page's classes: the page's padding (px-4, sm:px-6) on
 * phones and tablets; from lg the 3fr column of the max-w-7xl page beside a gap-6, 725 px once the page stops growing.
 * Change it with those classes: a wrong value costs bytes or sharpness, never layout.
 */
const MAIN_PHOTO_SIZES =
  "(min-width: 1280px) 725px, (min-width: 1024px) calc(60vw - 43px), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)";

/** The main photo's candidates: the card, already cached from the list a buyer came from, and the gallery's sizes. */
const mainPhotoSrcSet = (image: TAdGalleryImage) =>
  [
    `${image.card_url} ${IMAGE_SIZES.card.width}w`,
    `${image.gallery_url} ${IMAGE_SIZES.gallery.width}w`,
    `${image.gallery_large_url} ${IMAGE_SIZES.gallery_large.width}w`,
  ].join(", ");

/**
 * The ad's photos: the chosen one in the size the screen needs (phones never load the 1920 px file here), thumbnails
 * to pick another, and a full-screen viewer with the large size, arrows, keyboard and swipe.
 */
export function AdGallery({ images, title }: { images: TAdGalleryImage[]; title: string }) {
  const [current, setCurrent] = useState(0);
  const [open, setOpen] = useState(false);
  // Photos whose gallery sizes did not load (posted before they existed and not yet backfilled): shown at card size.
  const [cardOnly, setCardOnly] = useState<ReadonlySet<number>>(new Set());
  const image = images[current];
  if (!image) {
    return (
      <img
        src="/favicon.svg"
        alt=""
        width={480}
        height={360}
        className="aspect-[4/3] w-full rounded-xl bg-slate-100 object-contain p-16"
      />
    );
  }
  const go = (step: number) => setCurrent((index) => (index + step + images.length) % images.length);
  const showCardSize = (id: number) => setCardOnly((ids) => (ids.has(id) ? ids : new Set(ids).add(id)));

  return (
    <div className="space-y-2">
      <div className="relative">
        {/* The button holds only the photo: its name says what it does, and no visible text of it goes unsaid. */}
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-haspopup="dialog"
          className="block w-full overflow-hidden rounded-xl bg-slate-100"
          aria-label={`Open photo ${current + 1} of ${images.length} full screen`}
        >
          <img
            ref={(photo) => {
              // A photo that failed before the page's script ran has no error event left to hear.
              if (photo?.complete && photo.naturalWidth === 0 && photo.srcset) showCardSize(image.id);
            }}
            src={image.card_url}
            srcSet={cardOnly.has(image.id) ? undefined : mainPhotoSrcSet(image)}
            sizes={cardOnly.has(image.id) ? undefined : MAIN_PHOTO_SIZES}
            onError={(event) => {
              if (event.currentTarget.srcset) showCardSize(image.id);
            }}
            alt={`${title}, photo ${current + 1} of ${images.length}`}
            width={IMAGE_SIZES.card.width}
            height={IMAGE_SIZES.card.height}
            fetchPriority="high"
            className="aspect-[4/3] w-full object-cover"
          />
        </button>
        <span
          aria-hidden="true"
          className="pointer-events-none absolute right-2 bottom-2 rounded-full bg-slate-900/70 px-2 py-0.5 text-xs text-white"
        >
          {current + 1} / {images.length}
        </span>
      </div>
      <Modal
        open={open}
        onOpenChange={setOpen}
        label={`${title}: photos`}
        className="fixed inset-0 h-dvh max-h-none w-screen max-w-none bg-black/95 text-white"
      >
        <FullScreenViewer images={images} title={title} current={current} go={go} close={() => setOpen(false)} />
      </Modal>
      {images.length > 1 && (
        <ul aria-label="Photos" className="flex gap-2 overflow-x-auto pb-1">
          {images.map((thumb, index) => (
            <li key={thumb.id} className="shrink-0">
              <button
                type="button"
                onClick={() => setCurrent(index)}
                aria-label={`Show photo ${index + 1}`}
                aria-current={index === current}
                className={clsx(
                  "block overflow-hidden rounded-lg ring-2",
                  index === current ? "ring-emerald-600" : "ring-transparent",
                )}
              >
                <img
                  src={thumb.thumbnail_url}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  className="size-16 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function FullScreenViewer({
  images,
  title,
  current,
  go,
  close,
}: {
  images: TAdGalleryImage[];
  title: string;
  current: number;
  go: (step: number) => void;
  close: () => void;
}) {
  const start = useRef<number | null>(null);
  const image = images[current]!;
  return (
    <div
      className="flex h-full flex-col"
      onKeyDown={(event) => {
        if (event.key === "ArrowRight") go(1);
        if (event.key === "ArrowLeft") go(-1);
      }}
    >
      <div className="flex items-center justify-between p-3">
        <p className="truncate text-sm" aria-live="polite">
          {title} · {current + 1} / {images.length}
        </p>
        <button
          type="button"
          onClick={close}
          className="grid size-10 place-items-center rounded-full bg-white/10 text-xl hover:bg-white/20"
          aria-label="Close full screen"
        >
          ✕
        </button>
      </div>
      <div
        className="relative flex flex-1 touch-pan-y items-center justify-center"
        onPointerDown={(event) => (start.current = event.clientX)}
        onPointerUp={(event) => {
          if (start.current === null) return;
          const delta = event.clientX - start.current;
          start.current = null;
          if (Math.abs(delta) >= SWIPE_MIN_PX) go(delta < 0 ? 1 : -1);
        }}
      >
        <img
          src={image.image_url}
          alt={`${title}, photo ${current + 1} of ${images.length}`}
          className="max-h-full max-w-full object-contain select-none"
          draggable={false}
        />
        {images.length > 1 && (
          <>
            <button
              type="button"
              onClick={() => go(-1)}
              aria-label="Previous photo"
              className="absolute left-2 grid size-11 place-items-center rounded-full bg-white/15 text-2xl hover:bg-white/25"
            >
              ‹
            </button>
            <button
              type="button"
              onClick={() => go(1)}
              aria-label="Next photo"
              className="absolute right-2 grid size-11 place-items-center rounded-full bg-white/15 text-2xl hover:bg-white/25"
            >
              ›
            </button>
          </>
        )}
      </div>
    </div>
  );
}

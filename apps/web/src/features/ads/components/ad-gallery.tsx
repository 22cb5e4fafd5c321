import type { TAdGalleryImage } from "@waterside/shared/ads";
import { IMAGE_SIZES } from "@waterside/shared/images";
import { useRef, useState } from "react";
import { clsx } from "clsx";
import { Modal } from "~/components/ui/modal";
import { useDataSaver } from "~/lib/data-saver";
import { useLoad } from "~/lib/use-load";
import { fullScreenPhoto, mainPhoto, photoSizeLabel } from "./gallery-photo";

/** Swipes shorter than this are taps, not a change of photo. */
const SWIPE_MIN_PX = 40;

/**
 * The ad's photos: the chosen one in the size the screen needs (phones never load the 1920 px file here), thumbnails
 * to pick another, and a full-screen viewer with the large size, arrows, keyboard and swipe. With the data saver on
 * (decision 105), no photo loads until it is tapped: each shows a "Tap to load photo" placeholder, and the picker
 * numbers the photos instead of showing their thumbnails.
 */
export function AdGallery({ images, title }: { images: TAdGalleryImage[]; title: string }) {
  const [current, setCurrent] = useState(0);
  const [open, setOpen] = useState(false);
  // Photos whose gallery sizes did not load (posted before they existed and not yet backfilled): shown at card size.
  const [cardOnly, setCardOnly] = useState<ReadonlySet<number>>(new Set());
  const dataSaver = useDataSaver();
  // Photos the visitor tapped open while the data saver is on.
  const [tapped, setTapped] = useState<ReadonlySet<number>>(new Set());
  // Photos already shown at the screen's size (before the page learnt of a 2G connection, or before the visitor turned
  // the data saver on): kept as they are, never hidden again or downloaded once more in the small size.
  const [shownFull, setShownFull] = useState<ReadonlySet<number>>(new Set());
  const photoButton = useRef<HTMLButtonElement>(null);
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
  const markShownFull = (id: number) => setShownFull((ids) => (ids.has(id) ? ids : new Set(ids).add(id)));
  const spared = dataSaver && !shownFull.has(image.id);
  const sources = mainPhoto(image, { dataSaver: spared, cardOnly: cardOnly.has(image.id) });

  return (
    <div className="space-y-2">
      <div className="relative">
        {spared && !tapped.has(image.id) ? (
          <TapToLoad
            url={sources.src}
            which={`${current + 1} of ${images.length}`}
            onLoad={() => {
              setTapped((ids) => new Set(ids).add(image.id));
              // The placeholder gives way to the photo's button: the keyboard's focus moves onto it.
              requestAnimationFrame(() => photoButton.current?.focus());
            }}
          />
        ) : (
          // The button holds only the photo: its name says what it does, and no visible text of it goes unsaid.
          <button
            ref={photoButton}
            type="button"
            onClick={() => setOpen(true)}
            aria-haspopup="dialog"
            className="block w-full overflow-hidden rounded-xl bg-slate-100"
            aria-label={`Open photo ${current + 1} of ${images.length} full screen`}
          >
            <img
              ref={(photo) => {
                // A photo that failed (or loaded) before the page's script ran has no event left to hear.
                if (photo?.complete && photo.naturalWidth === 0 && photo.srcset) showCardSize(image.id);
                if (photo?.complete && photo.naturalWidth > 0 && !spared) markShownFull(image.id);
              }}
              {...sources}
              onLoad={() => {
                if (!spared) markShownFull(image.id);
              }}
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
        )}
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
        <FullScreenViewer
          images={images}
          title={title}
          current={current}
          go={go}
          close={() => setOpen(false)}
          dataSaver={dataSaver}
        />
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
                {dataSaver ? (
                  <span aria-hidden="true" className="grid size-16 place-items-center bg-slate-100 font-semibold">
                    {index + 1}
                  </span>
                ) : (
                  <img
                    src={thumb.thumbnail_url}
                    alt=""
                    width={64}
                    height={64}
                    loading="lazy"
                    // After the main photo, which is what the page paints first.
                    fetchPriority="low"
                    className="size-16 object-cover"
                  />
                )}
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
  dataSaver,
}: {
  images: TAdGalleryImage[];
  title: string;
  current: number;
  go: (step: number) => void;
  close: () => void;
  dataSaver: boolean;
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
          src={fullScreenPhoto(image, dataSaver)}
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

/**
 * A photo not loaded yet (data saver): a tap loads it. Its size is asked of the server by a HEAD request (a few
 * hundred bytes, no photo) once the page is alive; without an answer the placeholder just says what a tap does.
 */
function TapToLoad({ url, which, onLoad }: { url: string; which: string; onLoad: () => void }) {
  const size = useLoad(
    (signal) =>
      fetch(url, { method: "HEAD", signal }).then((reply) =>
        reply.ok ? photoSizeLabel(reply.headers.get("content-length")) : null,
      ),
    url,
  );
  const kilobytes = size.data ? ` (${size.data})` : "";
  return (
    <button
      type="button"
      onClick={onLoad}
      className="grid aspect-[4/3] w-full place-items-center rounded-xl border border-dashed border-slate-300 bg-slate-100 text-slate-700 hover:bg-slate-200"
    >
      <span className="flex flex-col items-center gap-2 text-sm font-medium">
        <svg viewBox="0 0 24 24" className="size-8 text-slate-500" aria-hidden="true">
          <path
            d="M4 6h16v12H4zM4 15l4-4 4 4 3-3 5 5M15 9.5a1 1 0 1 0 0-.01"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        <span>
          Tap to load photo<span className="sr-only"> {which}</span>
          {kilobytes}
        </span>
      </span>
    </button>
  );
}

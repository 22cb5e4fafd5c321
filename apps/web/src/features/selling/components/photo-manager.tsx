import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  SortableContext,
  arrayMove,
  rectSortingStrategy,
  sortableKeyboardCoordinates,
  useSortable,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { AD_IMAGES_MAX, AD_IMAGES_MIN } from "@waterside/shared/images";
import { Suspense, lazy, useState } from "react";
import { toWebp } from "~/lib/images";
import { notify } from "~/lib/notify";
import { pictureKey, type FormPicture } from "~/lib/ad-drafts";

const ImageCropper = lazy(() => import("~/components/image-cropper"));

/** Spec §5: large pictures fit 1920x1080; the crop aspect of ad pictures is 4:3. */
const LARGE = { width: 1920, height: 1080 };
const CROP_ASPECT = 4 / 3;

/**
 * The ad's pictures: add (converted to WebP in the browser), drag or move to reorder (the first is the title
 * picture), crop, and delete while more than two remain (spec selling §5).
 */
export function PhotoManager({
  pictures,
  onChange,
  error,
}: {
  pictures: FormPicture[];
  onChange: (pictures: FormPicture[]) => void;
  error?: string;
}) {
  const [cropping, setCropping] = useState<FormPicture | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = pictures.findIndex((picture) => picture.key === active.id);
    const to = pictures.findIndex((picture) => picture.key === over.id);
    onChange(arrayMove(pictures, from, to));
  };

  async function add(files: FileList) {
    const room = AD_IMAGES_MAX - pictures.length;
    const chosen = [...files].filter((file) => file.type.startsWith("image/")).slice(0, room);
    if (files.length > room) notify("error", `You can add ${AD_IMAGES_MAX} pictures at most.`);
    try {
      const added = await Promise.all(
        chosen.map(async (file): Promise<FormPicture> => {
          const blob = await toWebp(file, LARGE);
          return { key: pictureKey(), kind: "new", blob, url: URL.createObjectURL(blob) };
        }),
      );
      onChange([...pictures, ...added]);
    } catch {
      notify("error", "Failed to upload image! Please try again.");
    }
  }

  const move = (index: number, by: number) => onChange(arrayMove(pictures, index, index + by));

  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600">
        Add {AD_IMAGES_MIN} to {AD_IMAGES_MAX} photos. Drag to reorder: the first one is the title photo.
      </p>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={pictures.map((picture) => picture.key)} strategy={rectSortingStrategy}>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Photos">
            {pictures.map((picture, index) => (
              <SortablePicture
                key={picture.key}
                picture={picture}
                index={index}
                count={pictures.length}
                onMove={(by) => move(index, by)}
                onCrop={() => setCropping(picture)}
                onDelete={() => onChange(pictures.filter((other) => other.key !== picture.key))}
              />
            ))}
            {pictures.length < AD_IMAGES_MAX && (
              <li>
                <label className="grid aspect-[4/3] cursor-pointer place-items-center rounded-lg border-2 border-dashed border-slate-300 text-sm font-medium text-emerald-800 focus-within:ring-2 focus-within:ring-emerald-600 hover:bg-emerald-50">
                  + Add photos
                  <input
                    type="file"
                    accept="image/*"
                    multiple
                    className="sr-only"
                    onChange={(event) => {
                      if (event.target.files?.length) void add(event.target.files);
                      event.target.value = "";
                    }}
                  />
                </label>
              </li>
            )}
          </ul>
        </SortableContext>
      </DndContext>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {cropping && (
        <Suspense>
          <ImageCropper
            source={cropping.url}
            aspect={CROP_ASPECT}
            size={LARGE}
            label="Crop photo"
            onCancel={() => setCropping(null)}
            onDone={(blob) => {
              const cropped: FormPicture = { key: pictureKey(), kind: "new", blob, url: URL.createObjectURL(blob) };
              onChange(pictures.map((picture) => (picture.key === cropping.key ? cropped : picture)));
              setCropping(null);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

function SortablePicture({
  picture,
  index,
  count,
  onMove,
  onCrop,
  onDelete,
}: {
  picture: FormPicture;
  index: number;
  count: number;
  onMove: (by: number) => void;
  onCrop: () => void;
  onDelete: () => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: picture.key });
  const label = `Photo ${index + 1}`;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`relative overflow-hidden rounded-lg border border-slate-200 bg-white ${isDragging ? "z-10 shadow-lg" : ""}`}
      aria-label={label}
    >
      <button
        type="button"
        {...attributes}
        {...listeners}
        aria-label={`Drag ${label}`}
        className="block w-full cursor-grab touch-none"
      >
        <img src={picture.url} alt="" className="aspect-[4/3] w-full object-cover" draggable={false} />
      </button>
      {index === 0 && (
        <span className="absolute top-1 left-1 rounded bg-emerald-700 px-1.5 py-0.5 text-xs font-semibold text-white">
          Title photo
        </span>
      )}
      <div className="flex flex-wrap justify-between gap-1 p-1 text-xs">
        <PictureButton look="move" label={`Move ${label} earlier`} disabled={index === 0} onClick={() => onMove(-1)}>
          ←
        </PictureButton>
        <PictureButton look="edit" label={`Crop ${label}`} onClick={onCrop}>
          Crop
        </PictureButton>
        {count > AD_IMAGES_MIN && (
          <PictureButton look="delete" label={`Delete ${label}`} onClick={onDelete}>
            Delete
          </PictureButton>
        )}
        <PictureButton
          look="move"
          label={`Move ${label} later`}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          →
        </PictureButton>
      </div>
    </li>
  );
}

const PICTURE_BUTTON_LOOKS = {
  // Moving is the keyboard and screen-reader way to reorder, beside dragging.
  move: "hover:bg-slate-100 disabled:opacity-30",
  edit: "font-medium hover:bg-slate-100",
  delete: "font-medium text-red-700 hover:bg-red-50",
} as const;

/** A small button under a picture; its name says which picture it acts on. */
function PictureButton({
  look,
  label,
  disabled,
  onClick,
  children,
}: {
  look: keyof typeof PICTURE_BUTTON_LOOKS;
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      className={`rounded px-2 py-1 ${PICTURE_BUTTON_LOOKS[look]}`}
    >
      {children}
    </button>
  );
}

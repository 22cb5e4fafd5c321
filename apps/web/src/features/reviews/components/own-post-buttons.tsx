/** Edit and Delete under one's own review or reply (spec §6: the author edits and deletes). */
export function OwnPostButtons({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <button type="button" onClick={onEdit} className="rounded-lg px-2 py-1 text-sm text-slate-600 hover:bg-slate-100">
        Edit
      </button>
      <button type="button" onClick={onDelete} className="rounded-lg px-2 py-1 text-sm text-red-700 hover:bg-red-50">
        Delete
      </button>
    </>
  );
}

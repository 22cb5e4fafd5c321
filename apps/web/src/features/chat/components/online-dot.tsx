import { clsx } from "clsx";

/** Spec §2: the other user's online/offline dot; the words are there for screen readers. */
export function OnlineDot({ online, className }: { online: boolean; className?: string }) {
  return (
    <span
      className={clsx(
        "inline-block size-3 rounded-full ring-2 ring-white",
        online ? "bg-emerald-500" : "bg-slate-300",
        className,
      )}
    >
      <span className="sr-only">{online ? "Online" : "Offline"}</span>
    </span>
  );
}

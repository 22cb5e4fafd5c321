import { clsx } from "clsx";

/** A person's picture, or their initial on a coloured disc when they have none (or it fails to load). */
export function Avatar({ name, url, className }: { name: string; url: string | null; className?: string }) {
  return url ? (
    <img
      src={url}
      alt=""
      width={96}
      height={96}
      className={clsx("rounded-full bg-slate-100 object-cover", className)}
    />
  ) : (
    <span
      aria-hidden="true"
      className={clsx("grid place-items-center rounded-full bg-emerald-100 font-bold text-emerald-800", className)}
    >
      {name.charAt(0).toUpperCase()}
    </span>
  );
}

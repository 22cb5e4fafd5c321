import { clsx } from "clsx";

/** The mark: a roof over the water, for Monrovia's Waterside Market. Same drawing as /favicon.svg. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={clsx("shrink-0", className)}>
      <rect width="32" height="32" rx="7" fill="#047857" />
      <path d="M6 20c3-3 5-3 8 0s5 3 8 0 4-3 4-3v5c-1 0-2 1-4 3s-5 3-8 0-5-3-8 0z" fill="#fff" />
      <path d="M9 12l7-6 7 6v3H9z" fill="#fbbf24" />
    </svg>
  );
}

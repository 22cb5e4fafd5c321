/**
 * Toasts without putting the toast library on a public page's first load: sonner is fetched the first
 * time something is said (and by the lazy <Toaster> in root.tsx after hydration).
 */
export function notify(kind: "success" | "error" | "info", text: string) {
  void import("sonner").then(({ toast }) => toast[kind](text));
}

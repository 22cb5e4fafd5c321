/** Spec §8 toasts of the save toggle (without zod, for public pages). */
export const SAVED_MESSAGES = {
  saved: "Saved!",
  unsaved: "Undo Save successfuly!",
  saveFailed: "Saved failed",
  unsaveFailed: "Undo Save failed",
} as const;

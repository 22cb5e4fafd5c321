/** Spec §8 toasts of the save toggle (without zod, for public pages). */
export const SAVED_MESSAGES = {
  saved: "Saved!",
  unsaved: "Undo Save successfuly!",
  saveFailed: "Saved failed",
  unsaveFailed: "Undo Save failed",
  // Ours (issue 31, decision 104): the tap was kept while offline.
  saveQueued: "Saved on this phone. It will be sent when you are back online.",
  unsaveQueued: "Removed on this phone. It will be sent when you are back online.",
} as const;

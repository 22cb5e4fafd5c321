import { createStore, del, get, set } from "idb-keyval";
import type { AdFormValues } from "./ad-drafts";

/**
 * A new ad posted without a connection (issue 31, decision 104): its form and its photos themselves wait in
 * IndexedDB under the post's idempotency key until they are sent; lib/write-queue.ts lists it. Only the sell wizard
 * and the queue's sender load this, never a public page.
 */
export interface QueuedAd {
  key: string;
  values: AdFormValues;
  attributes: Array<{ name: string; value: string }>;
  /** The photos in their order, as the wizard made them. */
  photos: Blob[];
}

const store = typeof indexedDB === "undefined" ? undefined : createStore("waterside-queued-ads", "ads");

export const keepQueuedAd = (ad: QueuedAd) => set(ad.key, ad, store);
export const loadQueuedAd = (key: string) => get<QueuedAd>(key, store);
export const removeQueuedAd = (key: string) => del(key, store);

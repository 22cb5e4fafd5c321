import type { TAdDetail } from "@waterside/shared/ads";
import type { TCurrency } from "@waterside/shared/money";
import { createStore, del, entries, get, set } from "idb-keyval";

/** A picture of the form: one the ad already has on the server, or a new one made in the browser. */
export type FormPicture =
  { key: string; kind: "existing"; id: number; url: string } | { key: string; kind: "new"; blob: Blob; url: string };

export interface AdFormValues {
  title: string;
  category_id: string;
  subcategory_id: string;
  location: string;
  price: string;
  /** The currency `price` is written in (issue 30). */
  currency: TCurrency;
  description: string;
  attributes: Record<string, string>;
}

export const emptyValues: AdFormValues = {
  title: "",
  category_id: "",
  subcategory_id: "",
  location: "",
  price: "",
  currency: "USD",
  description: "",
  attributes: {},
};

/** Spec selling §3 "Draft": a local copy of the form. Ids of never-saved ads start with 'draft-'. */
export interface AdDraft {
  id: string;
  savedAt: string;
  values: AdFormValues;
  pictures: Array<{ kind: "existing"; id: number; url: string } | { kind: "new"; blob: Blob }>;
  /**
   * Why the server refused this ad when it was sent from the queue of writes made offline (decision 104): its
   * message and the field messages, shown on the form when the draft is opened.
   */
  refusal?: { message: string; errors: Record<string, string[]> };
}

// IndexedDB keeps the pictures themselves, so a draft survives a reload on a phone that lost its connection.
const store = typeof indexedDB === "undefined" ? undefined : createStore("waterside-drafts", "drafts");

export const newDraftId = () => `draft-${Date.now().toString(36)}`;

export async function saveDraft(
  id: string,
  values: AdFormValues,
  pictures: FormPicture[],
  refusal?: AdDraft["refusal"],
) {
  const draft: AdDraft = {
    id,
    savedAt: new Date().toISOString(),
    values,
    ...(refusal && { refusal }),
    pictures: pictures.map((picture) =>
      picture.kind === "new"
        ? { kind: "new", blob: picture.blob }
        : { kind: "existing", id: picture.id, url: picture.url },
    ),
  };
  await set(id, draft, store);
}

export const loadDraft = (id: string) => get<AdDraft>(id, store);
export const removeDraft = (id: string) => del(id, store);

export async function listDrafts(): Promise<AdDraft[]> {
  const all = await entries<string, AdDraft>(store);
  return all.map(([, draft]) => draft).sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

let pictureSequence = 0;
export const pictureKey = () => `picture-${++pictureSequence}`;

export function picturesOfDraft(draft: AdDraft): FormPicture[] {
  return draft.pictures.map((picture) =>
    picture.kind === "new"
      ? { key: pictureKey(), kind: "new", blob: picture.blob, url: URL.createObjectURL(picture.blob) }
      : { key: pictureKey(), kind: "existing", id: picture.id, url: picture.url },
  );
}

/** Spec selling §2: edit prefills everything from the latest version, pictures by order. */
export function valuesOfAd(ad: TAdDetail): { values: AdFormValues; pictures: FormPicture[] } {
  return {
    values: {
      title: ad.title,
      category_id: String(ad.category_id),
      subcategory_id: String(ad.subcategory_id),
      location: ad.location,
      // The seller's own amount and currency, never the US$ value an L$ price converts to.
      price: String(ad.price_local),
      currency: ad.currency,
      description: ad.description,
      attributes: Object.fromEntries(ad.attributes.map((value) => [value.attribute.name, value.value])),
    },
    pictures: [...ad.images]
      .sort((a, b) => a.order - b.order)
      .map((image) => ({ key: pictureKey(), kind: "existing", id: image.id, url: image.card_url })),
  };
}

import { createHash } from "node:crypto";
import { ZAdListItem, type TAdListItem } from "@waterside/shared/ads";
import { envelope, paged, type TPaged } from "@waterside/shared/api-envelope";

/** The reply of POST /ads/get, as the route's response schema writes it. */
export const ZAdsPageReply = envelope(paged(ZAdListItem));

const UNSAVED = '"is_saved":false';
const SAVED = '"is_saved":true';

/**
 * A page of ads written once for everyone (decision 055): the reply's JSON exactly as the response schema would
 * write it, its ETag, and where each ad's `"is_saved":false` stands, so a signed-in user's own marks are set by
 * splicing the text instead of writing the page again. The marks cannot be confused with an ad's words: quotes
 * inside JSON strings are escaped.
 */
export interface SerializedAdsPage {
  json: string;
  etag: string;
  ids: number[];
  /** Offset of each ad's `"is_saved":false` in `json`, in the order of `ids`. */
  savedFlags: number[];
}

export function serializeAdsPage(page: TPaged<TAdListItem>): SerializedAdsPage {
  const json = JSON.stringify(ZAdsPageReply.parse({ data: page }));
  const savedFlags: number[] = [];
  for (let at = json.indexOf(UNSAVED); at !== -1; at = json.indexOf(UNSAVED, at + UNSAVED.length)) {
    savedFlags.push(at);
  }
  if (savedFlags.length !== page.data.length) throw new Error("every ad of a page carries one is_saved flag");
  const etag = `"${createHash("sha1").update(json).digest("base64url")}"`;
  return { json, etag, ids: page.data.map((ad) => ad.id), savedFlags };
}

/**
 * The page with the viewer's saved ads marked, and its ETag: the shared one when none is saved, else the shared
 * one with which of the page's ads are saved, so one user's 304 never answers for another's marks.
 */
export function withSavedMarks(page: SerializedAdsPage, saved: ReadonlySet<number>): { json: string; etag: string } {
  if (saved.size === 0) return page;
  const parts: string[] = [];
  const marked: number[] = [];
  let from = 0;
  page.ids.forEach((id, index) => {
    if (!saved.has(id)) return;
    const at = page.savedFlags[index]!;
    parts.push(page.json.slice(from, at), SAVED);
    from = at + UNSAVED.length;
    marked.push(index);
  });
  if (marked.length === 0) return page;
  parts.push(page.json.slice(from));
  return { json: parts.join(""), etag: `${page.etag.slice(0, -1)}.${marked.join("-")}"` };
}

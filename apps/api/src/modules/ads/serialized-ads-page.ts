import { createHash } from "node:crypto";
import type { StoredReply } from "../../plugins/http-cache.ts";
import { ZAdListItem, type TAdListItem } from "@waterside/shared/ads";
import { envelope, paged, type TPaged } from "@waterside/shared/api-envelope";

/** The reply of POST /ads/get, as the route's response schema writes it. */
export const ZAdsPageReply = envelope(paged(ZAdListItem));

const UNSAVED = Buffer.from('"is_saved":false');
const SAVED = Buffer.from('"is_saved":true');

/**
 * An ad as lists write it (decision 055): its JSON, exactly as the response schema writes it, and where its
 * `"is_saved":false` stands in those bytes. Written once per ad and reused by every page that shows it. The mark
 * cannot be confused with an ad's words: quotes inside JSON strings are escaped.
 */
export interface SerializedAd {
  id: number;
  json: Buffer;
  savedFlag: number;
  /** SHA-1 of `json`, so a page's ETag hashes 20 bytes an ad instead of its whole text. */
  digest: Buffer;
}

export function serializeAd(ad: TAdListItem): SerializedAd {
  const json = Buffer.from(JSON.stringify(ZAdListItem.parse(ad)));
  const savedFlag = json.indexOf(UNSAVED);
  if (savedFlag === -1 || json.indexOf(UNSAVED, savedFlag + 1) !== -1) throw new Error("an ad carries one is_saved");
  return { id: ad.id, json, savedFlag, digest: createHash("sha1").update(json).digest() };
}

/**
 * A page of ads written once for everyone: the reply's bytes, its ETag, and where each ad's `"is_saved":false`
 * stands, so a signed-in user's own marks are set by splicing instead of writing the page again. Compressed forms
 * are made the first time a reader asks for them, then kept with the page (`reply.sendStored`).
 */
export interface SerializedAdsPage extends StoredReply {
  ids: number[];
  /** Offset of each ad's `"is_saved":false` in `body`, in the order of `ids`. */
  savedFlags: number[];
  /** A search page of ads whose titles resemble misspelt words, rather than ads holding them. */
  byResemblance?: boolean;
}

/** `page`, its ads already written (`toPage` of lib/paging.ts, with `total_is_lower_bound`), as the reply's bytes. */
export function serializeAdsPage({ data: ads, ...meta }: TPaged<SerializedAd>): SerializedAdsPage {
  // The page's own fields are checked and written by the schema around an empty list, then the ads go in it.
  const shell = JSON.stringify(ZAdsPageReply.parse({ data: { ...meta, data: [] } }));
  const listAt = shell.indexOf("[]") + 1;
  const parts: Buffer[] = [Buffer.from(shell.slice(0, listAt))];
  const savedFlags: number[] = [];
  let length = parts[0]!.length;
  ads.forEach((ad, index) => {
    if (index > 0) {
      parts.push(COMMA);
      length += 1;
    }
    savedFlags.push(length + ad.savedFlag);
    parts.push(ad.json);
    length += ad.json.length;
  });
  parts.push(Buffer.from(shell.slice(listAt)));
  // The page's text is its shell and its ads' texts in order: hashing the shell and their digests identifies it.
  const etag = createHash("sha1").update(shell);
  for (const ad of ads) etag.update(ad.digest);
  return {
    body: Buffer.concat(parts, length + parts.at(-1)!.length),
    etag: `"${etag.digest("base64url")}"`,
    ids: ads.map((ad) => ad.id),
    savedFlags,
    compressed: {},
  };
}

const COMMA = Buffer.from(",");

/**
 * The page with the viewer's saved ads marked, and its ETag: the shared one when none is saved, else the shared
 * one with which of the page's ads are saved, so one user's 304 never answers for another's marks.
 */
export function withSavedMarks(page: SerializedAdsPage, saved: ReadonlySet<number>): SerializedAdsPage {
  if (saved.size === 0) return page;
  const parts: Buffer[] = [];
  const marked: number[] = [];
  let from = 0;
  page.ids.forEach((id, index) => {
    if (!saved.has(id)) return;
    const at = page.savedFlags[index]!;
    parts.push(page.body.subarray(from, at), SAVED);
    from = at + UNSAVED.length;
    marked.push(index);
  });
  if (marked.length === 0) return page;
  parts.push(page.body.subarray(from));
  // Marked pages are one reader's: they are compressed, if at all, per reply.
  return {
    ...page,
    body: Buffer.concat(parts),
    etag: `${page.etag.slice(0, -1)}.${marked.join("-")}"`,
    compressed: {},
  };
}

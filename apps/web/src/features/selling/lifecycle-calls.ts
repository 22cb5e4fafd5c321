import { AD_LIFECYCLE_MESSAGES } from "@waterside/shared/ad-lifecycle";
import { ApiError } from "~/lib/api-client";
import { notify } from "~/lib/notify";
import { authedTransport } from "~/lib/session";
import { renewAd } from "./api/renew-ad";
import { repostAd } from "./api/repost-ad";

/** The API's refusal (409 too early, not allowed…) in its own words; anything else in the contract's. */
const said = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/** Renews the ad and says how it went; true once renewed (My Ads and the ad page then read it again). */
export async function renewAndSay(adId: number) {
  try {
    await renewAd(authedTransport, adId);
    notify("success", AD_LIFECYCLE_MESSAGES.renewed);
    return true;
  } catch (error) {
    notify("error", said(error, AD_LIFECYCLE_MESSAGES.renewNotAllowed));
    return false;
  }
}

/** Reposts an expired or sold ad as a new one and says how it went; true once posted. */
export async function repostAndSay(adId: number) {
  try {
    await repostAd(authedTransport, adId);
    notify("success", AD_LIFECYCLE_MESSAGES.reposted);
    return true;
  } catch (error) {
    notify("error", said(error, AD_LIFECYCLE_MESSAGES.repostNotAllowed));
    return false;
  }
}

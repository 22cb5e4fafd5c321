/** Why a push subscription is refused (docs/decisions/058-outgoing-requests.md) and its limits. */
export const NOTIFICATION_MESSAGES = {
  endpointNotUrl: "The push endpoint must be a web address.",
  endpointNotHttps: "The push endpoint must be an https:// address.",
  endpointNotPushService: "The push endpoint must belong to a browser's push service.",
  endpointPrivate: "The push endpoint must be on the public internet.",
  endpointUnreachable: "The push service's address could not be found. Please try again later.",
} as const;

/** Browsers a user keeps subscribed at once; a new one replaces the oldest. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;

import { NOTIFICATION_MESSAGES } from "@waterside/shared/notifications-messages";
import { isIP } from "node:net";
import { assertPublicHost, isPublicAddress } from "../../lib/public-addresses.ts";

export interface PushEndpointPolicy {
  /** Host suffixes of the push services we deliver to, on the https port, or `host:port` entries matched exactly. */
  hosts: string[];
  /**
   * The origin of a push relay the operator runs on their own network (WEB_PUSH_RELAY; the tests' fake push service):
   * the one place a private address may be reached, and only at exactly this origin.
   */
  relayOrigin?: string;
}

export type EndpointVerdict = { ok: true; relay: boolean } | { ok: false; reason: string };

/** "fcm.googleapis.com" matches it and its subdomains on port 443; "push.example:8443" matches that host on that port only. */
function hostMatches(host: string, port: string, entry: string) {
  const [suffix, entryPort] = entry.split(":");
  if (entryPort !== undefined) return host === suffix && port === entryPort;
  return port === "" && (host === suffix || host.endsWith(`.${suffix}`));
}

/**
 * What the endpoint's address says, before any DNS: https to a known push service on the default port, or the relay.
 * A stored endpoint is checked again at send time, so narrowing the list takes effect on existing subscriptions.
 */
export function checkEndpointAddress(endpoint: string, policy: PushEndpointPolicy): EndpointVerdict {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, reason: NOTIFICATION_MESSAGES.endpointNotUrl };
  }
  if (policy.relayOrigin && url.origin === policy.relayOrigin) return { ok: true, relay: true };
  if (url.protocol !== "https:") return { ok: false, reason: NOTIFICATION_MESSAGES.endpointNotHttps };
  if (url.username || url.password) return { ok: false, reason: NOTIFICATION_MESSAGES.endpointNotPushService };
  const host = url.hostname.toLowerCase();
  const literal = host.replace(/^\[|\]$/g, "");
  if (isIP(literal)) {
    // Push services are named, never numbered; a public literal is refused too, a private one doubly so.
    return {
      ok: false,
      reason: isPublicAddress(literal)
        ? NOTIFICATION_MESSAGES.endpointNotPushService
        : NOTIFICATION_MESSAGES.endpointPrivate,
    };
  }
  if (!policy.hosts.some((entry) => hostMatches(host, url.port, entry))) {
    return { ok: false, reason: NOTIFICATION_MESSAGES.endpointNotPushService };
  }
  return { ok: true, relay: false };
}

/** The address check, then DNS: every address the push service's name resolves to must be public. */
export async function checkEndpoint(endpoint: string, policy: PushEndpointPolicy): Promise<EndpointVerdict> {
  const verdict = checkEndpointAddress(endpoint, policy);
  if (!verdict.ok || verdict.relay) return verdict;
  try {
    await assertPublicHost(new URL(endpoint).hostname);
    return verdict;
  } catch (error) {
    const code = (error as { code?: string }).code;
    return {
      ok: false,
      reason: code === "ENONPUBLIC" ? NOTIFICATION_MESSAGES.endpointPrivate : NOTIFICATION_MESSAGES.endpointUnreachable,
    };
  }
}

import { SOCIAL_MESSAGES, type TSocialProvider } from "@waterside/shared/social-auth";
import { HttpError } from "../../../plugins/errors.ts";

/** Who the provider says the person is, after the server checked the token with the provider itself. */
export interface ProviderIdentity {
  provider: TSocialProvider;
  /** The provider's stable id for the person (Google `sub`, Facebook user id, Apple `sub`). */
  providerId: string;
  email: string | null;
  /** Only a verified email may link an existing account. */
  emailVerified: boolean;
  name: string | null;
  pictureUrl: string | null;
}

/** Spec §8 'Login failed': a token the provider does not vouch for, for any reason. */
export const loginFailed = () => new HttpError(401, SOCIAL_MESSAGES.loginFailed);

const PROVIDER_TIMEOUT_MS = 10_000;

/** A JSON answer from a provider; anything but a 2xx with JSON means the token is not vouched for. */
export async function providerJson<T>(url: string | URL, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  if (!response.ok) throw loginFailed();
  return (await response.json()) as T;
}

/** Providers send email_verified as a boolean or as the text "true". */
export const isTrue = (value: unknown) => value === true || value === "true";

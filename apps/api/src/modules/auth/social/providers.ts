import { SOCIAL_MESSAGES, type TAuthProviders, type TSocialLogin } from "@waterside/shared/social-auth";
import type { Config } from "../../../config.ts";
import { HttpError } from "../../../plugins/errors.ts";
import { createAppleVerifier } from "./apple.ts";
import { createFacebookVerifier } from "./facebook.ts";
import { createGoogleVerifier } from "./google.ts";
import { loginFailed, type ProviderIdentity } from "./identity.ts";

/** The configured providers; one without its settings is disabled (docs/decisions/018-social-sign-in.md). */
export function createSocialProviders(config: Config["social"], log: { warn(details: object, line: string): void }) {
  const google = config.google && createGoogleVerifier(config.google);
  const facebook = config.facebook && createFacebookVerifier(config.facebook);
  const apple = config.apple && createAppleVerifier(config.apple);

  // The addresses the operator configured for the providers (their own, or a local fake's).
  const configuredUrls = [
    config.google?.issuer,
    config.google?.jwksUrl,
    config.google?.tokeninfoUrl,
    config.google?.userinfoUrl,
    config.facebook?.graphUrl,
    config.apple?.baseUrl,
  ];
  const configuredOrigins = new Set(configuredUrls.flatMap((url) => (url ? [new URL(url).origin] : [])));

  return {
    /** Whether `url` is at an origin the operator configured for a provider: reached as configured, like MoMo's. */
    isConfiguredOrigin: (url: URL) => configuredOrigins.has(url.origin),

    describe(): TAuthProviders {
      return {
        google: { enabled: Boolean(google), ...google?.publicInfo },
        facebook: { enabled: Boolean(facebook), ...facebook?.publicInfo },
        apple: { enabled: Boolean(apple), ...apple?.publicInfo },
      };
    },

    /** Asks the provider who the token or code belongs to. 401 'Login failed' when it does not vouch for it. */
    async verify(input: TSocialLogin): Promise<ProviderIdentity> {
      try {
        if (input.provider === "google" && google) return await google.verify(input);
        if (input.provider === "facebook" && facebook) return await facebook.verify(input);
        if (input.provider === "apple" && apple) return await apple.verify(input);
      } catch (error) {
        if (error instanceof HttpError) throw error;
        // The provider could not be reached or answered nonsense: the person cannot be vouched for now.
        log.warn({ err: error, provider: input.provider }, "social sign-in: provider check failed");
        throw loginFailed();
      }
      throw new HttpError(422, SOCIAL_MESSAGES.notAvailable(input.provider), {
        provider: [SOCIAL_MESSAGES.notAvailable(input.provider)],
      });
    },
  };
}

export type SocialProviders = ReturnType<typeof createSocialProviders>;

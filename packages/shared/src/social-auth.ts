import { z } from "zod";
import { ZDeviceId, ZLoginCredentials } from "./auth.ts";

export const SOCIAL_PROVIDERS = ["google", "facebook", "apple"] as const;
export type TSocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const SOCIAL_PROVIDER_NAMES: Record<TSocialProvider, string> = {
  google: "Google",
  facebook: "Facebook",
  apple: "Apple",
};

export const SOCIAL_MESSAGES = {
  /** Spec §8: any token the provider does not vouch for. */
  loginFailed: "Login failed",
  tokenRequired: "The provider token is required.",
  codeRequired: "The authorization code is required.",
  notAvailable: (provider: TSocialProvider) => `${SOCIAL_PROVIDER_NAMES[provider]} sign-in is not available.`,
  noEmail: (provider: TSocialProvider) =>
    `Your ${SOCIAL_PROVIDER_NAMES[provider]} account shares no email address. Please register with your email.`,
} as const;

const common = {
  device_id: ZDeviceId,
  remember_me: ZLoginCredentials.shape.remember_me,
  platform: z.string().max(20).optional(),
};
const token = z
  .string({ message: SOCIAL_MESSAGES.tokenRequired })
  .trim()
  .min(1, SOCIAL_MESSAGES.tokenRequired)
  .max(8192);

/**
 * The social variants of POST /auth/login (docs/decisions/018-social-sign-in.md). The client sends what the
 * provider gave it, never an id: the server asks the provider who it is.
 */
export const ZGoogleLogin = z.object({
  provider: z.literal("google"),
  /** A Google ID token (JWT) or OAuth access token. */
  token,
  ...common,
});
export const ZFacebookLogin = z.object({ provider: z.literal("facebook"), token, ...common });
export const ZAppleLogin = z.object({
  provider: z.literal("apple"),
  code: z.string({ message: SOCIAL_MESSAGES.codeRequired }).trim().min(1, SOCIAL_MESSAGES.codeRequired).max(2048),
  /** Apple gives the name to the client only, on the first sign-in; used only to name a new account. */
  name: z.string().trim().max(120).optional(),
  ...common,
});
export const ZSocialLogin = z.discriminatedUnion("provider", [ZGoogleLogin, ZFacebookLogin, ZAppleLogin]);
export type TSocialLogin = z.infer<typeof ZSocialLogin>;

/** GET /auth/providers: which buttons to show, and the public ids their SDKs need. */
export const ZAuthProviders = z.object({
  google: z.object({ enabled: z.boolean(), client_id: z.string().optional() }),
  facebook: z.object({ enabled: z.boolean(), app_id: z.string().optional() }),
  apple: z.object({ enabled: z.boolean(), client_id: z.string().optional(), redirect_uri: z.string().optional() }),
});
export type TAuthProviders = z.infer<typeof ZAuthProviders>;

/** POST /auth/login: email and password (no provider, or "password"), or a provider's token or code. */
export const ZLogin = z.discriminatedUnion("provider", [
  ZLoginCredentials.extend({ provider: z.literal("password").optional() }),
  ZGoogleLogin,
  ZFacebookLogin,
  ZAppleLogin,
]);
export type TLogin = z.infer<typeof ZLogin>;

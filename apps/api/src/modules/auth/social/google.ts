import { createRemoteJWKSet, jwtVerify } from "jose";
import type { Config } from "../../../config.ts";
import { isTrue, loginFailed, providerJson, type ProviderIdentity } from "./identity.ts";

type GoogleConfig = NonNullable<Config["social"]["google"]>;

interface TokenInfo {
  aud?: string;
  azp?: string;
  sub?: string;
}
interface UserInfo {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
  picture?: string;
}

/**
 * Google sends either an ID token (a JWT signed by Google) or an OAuth access token (spec §7: the web client
 * fetches user info with it). An ID token is checked against Google's keys, issuer and our client ids. An
 * access token is first checked with tokeninfo to be one issued to our client (a token another app obtained
 * must not sign in here), then userinfo says who it is.
 */
export function createGoogleVerifier(config: GoogleConfig) {
  const keys = createRemoteJWKSet(new URL(config.jwksUrl));
  // Google's ID tokens carry the issuer with or without the scheme.
  const issuers = [config.issuer, config.issuer.replace(/^https:\/\//, "")];

  async function fromIdToken(token: string): Promise<ProviderIdentity> {
    const { payload } = await jwtVerify(token, keys, { issuer: issuers, audience: config.clientIds }).catch(() => {
      throw loginFailed();
    });
    if (!payload.sub) throw loginFailed();
    return {
      provider: "google",
      providerId: payload.sub,
      email: typeof payload.email === "string" ? payload.email : null,
      emailVerified: isTrue(payload.email_verified),
      name: typeof payload.name === "string" ? payload.name : null,
      pictureUrl: typeof payload.picture === "string" ? payload.picture : null,
    };
  }

  async function fromAccessToken(token: string): Promise<ProviderIdentity> {
    const url = new URL(config.tokeninfoUrl);
    url.searchParams.set("access_token", token);
    const info = await providerJson<TokenInfo>(url);
    const audience = info.aud ?? info.azp;
    if (!audience || !config.clientIds.includes(audience) || !info.sub) throw loginFailed();
    const user = await providerJson<UserInfo>(config.userinfoUrl, { headers: { authorization: `Bearer ${token}` } });
    if (user.sub !== info.sub) throw loginFailed();
    return {
      provider: "google",
      providerId: user.sub,
      email: user.email ?? null,
      emailVerified: isTrue(user.email_verified),
      name: user.name ?? null,
      pictureUrl: user.picture ?? null,
    };
  }

  return {
    publicInfo: { client_id: config.clientIds[0] },
    verify: ({ token }: { token: string }) =>
      token.split(".").length === 3 ? fromIdToken(token) : fromAccessToken(token),
  };
}

import { SignJWT, createRemoteJWKSet, importPKCS8, jwtVerify } from "jose";
import type { Config } from "../../../config.ts";
import { isTrue, loginFailed, providerJson, type ProviderIdentity } from "./identity.ts";

type AppleConfig = NonNullable<Config["social"]["apple"]>;

/**
 * Sign in with Apple: the client sends the authorization code; the server exchanges it at Apple's token
 * endpoint, authenticating with a short-lived client secret (an ES256 JWT signed with our Apple key), and
 * checks the returned ID token against Apple's keys, issuer and our client id.
 */
export function createAppleVerifier(config: AppleConfig) {
  const keys = createRemoteJWKSet(new URL(`${config.baseUrl}/auth/keys`));
  const signingKey = importPKCS8(config.privateKey, "ES256");

  async function clientSecret() {
    return new SignJWT({})
      .setProtectedHeader({ alg: "ES256", kid: config.keyId })
      .setIssuer(config.teamId)
      .setSubject(config.clientId)
      .setAudience(config.baseUrl)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(await signingKey);
  }

  return {
    publicInfo: { client_id: config.clientId, redirect_uri: config.redirectUri },
    async verify({ code, name }: { code: string; name?: string }): Promise<ProviderIdentity> {
      const form = new URLSearchParams({
        client_id: config.clientId,
        client_secret: await clientSecret(),
        code,
        grant_type: "authorization_code",
        ...(config.redirectUri && { redirect_uri: config.redirectUri }),
      });
      const tokens = await providerJson<{ id_token?: string }>(`${config.baseUrl}/auth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: form,
      });
      if (!tokens.id_token) throw loginFailed();
      const { payload } = await jwtVerify(tokens.id_token, keys, {
        issuer: config.baseUrl,
        audience: config.clientId,
      }).catch(() => {
        throw loginFailed();
      });
      if (!payload.sub) throw loginFailed();
      return {
        provider: "apple",
        providerId: payload.sub,
        email: typeof payload.email === "string" ? payload.email : null,
        emailVerified: isTrue(payload.email_verified),
        // Apple never puts the name in the token; the client may pass on what Apple gave it.
        name: name || null,
        pictureUrl: null,
      };
    },
  };
}

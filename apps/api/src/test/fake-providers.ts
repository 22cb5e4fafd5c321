import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT, exportJWK, exportPKCS8, generateKeyPair, jwtVerify, type CryptoKey, type JWK } from "jose";
import sharp from "sharp";

/** A person as a provider knows them. */
export interface FakePerson {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  /** Whether the provider has a profile picture for them (served by the fake), or the address it gives for one. */
  picture?: boolean | string;
}

const GOOGLE_CLIENT_ID = "waterside-web.apps.googleusercontent.test";
const FACEBOOK_APP_ID = "100200300";
const FACEBOOK_APP_SECRET = "facebook-app-secret";
const APPLE_CLIENT_ID = "lr.waterside.web";
const APPLE_TEAM_ID = "TEAM123456";
const APPLE_KEY_ID = "KEY1234567";

const token = () => randomBytes(24).toString("base64url");

/**
 * Google, Facebook and Apple as local HTTP servers speaking their real protocols: JWKS endpoints with
 * generated keys, signed ID tokens, Google tokeninfo/userinfo, Graph debug_token and /me, Apple's /auth/token
 * (which checks our ES256 client secret) and /auth/keys. `env` configures the app to use them.
 */
export async function startFakeProviders() {
  const googleKeys = await generateKeyPair("RS256");
  const appleKeys = await generateKeyPair("RS256");
  // The key Waterside signs Apple client secrets with; Apple holds the public half.
  const appleClientKeys = await generateKeyPair("ES256", { extractable: true });
  const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#1d6f42" } })
    .png()
    .toBuffer();

  const googleAccessTokens = new Map<string, { audience: string; person: FakePerson }>();
  const facebookTokens = new Map<string, { appId: string; person: FakePerson }>();
  const appleCodes = new Map<string, FakePerson>();

  const jwks = async (publicKey: CryptoKey, kid: string) => ({
    keys: [{ ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" } as JWK],
  });

  let base = "";
  const pictureUrl = (person: FakePerson) =>
    typeof person.picture === "string" ? person.picture : person.picture ? `${base}/picture.png` : undefined;

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", base);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const query = (name: string) => url.searchParams.get(name) ?? "";

    switch (`${request.method} ${url.pathname}`) {
      case "GET /picture.png":
        response.writeHead(200, { "content-type": "image/png" });
        return response.end(picture);

      case "GET /google/certs":
        return json(200, await jwks(googleKeys.publicKey, "google-1"));
      case "GET /google/tokeninfo": {
        const known = googleAccessTokens.get(query("access_token"));
        if (!known) return json(400, { error: "invalid_token", error_description: "Invalid Value" });
        return json(200, {
          azp: known.audience,
          aud: known.audience,
          sub: known.person.sub,
          scope: "openid email profile",
          expires_in: "3599",
          email: known.person.email,
          email_verified: String(known.person.email_verified ?? true),
        });
      }
      case "GET /google/userinfo": {
        const bearer = request.headers.authorization?.replace(/^Bearer /, "") ?? "";
        const known = googleAccessTokens.get(bearer);
        if (!known) return json(401, { error: "invalid_request" });
        const { person } = known;
        return json(200, {
          sub: person.sub,
          name: person.name,
          email: person.email,
          email_verified: person.email_verified ?? true,
          picture: pictureUrl(person),
        });
      }

      case "GET /facebook/debug_token": {
        if (query("access_token") !== `${FACEBOOK_APP_ID}|${FACEBOOK_APP_SECRET}`) {
          return json(400, { error: { message: "Invalid OAuth access token signature.", type: "OAuthException" } });
        }
        const known = facebookTokens.get(query("input_token"));
        if (!known) {
          return json(200, { data: { is_valid: false, error: { code: 190, message: "Invalid OAuth access token." } } });
        }
        return json(200, {
          data: { app_id: known.appId, type: "USER", application: "App", is_valid: true, user_id: known.person.sub },
        });
      }
      case "GET /facebook/me": {
        const accessToken = query("access_token");
        const known = facebookTokens.get(accessToken);
        const proof = createHmac("sha256", FACEBOOK_APP_SECRET).update(accessToken).digest("hex");
        if (!known || query("appsecret_proof") !== proof) {
          return json(400, { error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 } });
        }
        const { person } = known;
        const fields = query("fields");
        return json(200, {
          id: person.sub,
          name: person.name,
          ...(fields.includes("email") && person.email && { email: person.email }),
          ...(fields.includes("picture") && {
            picture: { data: { url: pictureUrl(person) ?? `${base}/silhouette.png`, is_silhouette: !person.picture } },
          }),
        });
      }

      case "GET /apple/auth/keys":
        return json(200, await jwks(appleKeys.publicKey, "apple-1"));
      case "POST /apple/auth/token": {
        const form = new URLSearchParams(await readBody(request));
        const secret = await jwtVerify(form.get("client_secret") ?? "", appleClientKeys.publicKey, {
          issuer: APPLE_TEAM_ID,
          subject: form.get("client_id") ?? "",
          audience: `${base}/apple`,
          algorithms: ["ES256"],
        }).catch(() => null);
        if (!secret || secret.protectedHeader.kid !== APPLE_KEY_ID || form.get("client_id") !== APPLE_CLIENT_ID) {
          return json(400, { error: "invalid_client" });
        }
        const person = appleCodes.get(form.get("code") ?? "");
        if (form.get("grant_type") !== "authorization_code" || !person) return json(400, { error: "invalid_grant" });
        appleCodes.delete(form.get("code")!);
        const idToken = await new SignJWT({
          email: person.email,
          email_verified: String(person.email_verified ?? true),
          is_private_email: "false",
        })
          .setProtectedHeader({ alg: "RS256", kid: "apple-1" })
          .setIssuer(`${base}/apple`)
          .setAudience(APPLE_CLIENT_ID)
          .setSubject(person.sub)
          .setIssuedAt()
          .setExpirationTime("10m")
          .sign(appleKeys.privateKey);
        return json(200, {
          access_token: token(),
          token_type: "Bearer",
          expires_in: 3600,
          refresh_token: token(),
          id_token: idToken,
        });
      }
      default:
        return json(404, { error: "not_found" });
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** Configuration variables pointing the app at these fakes, all three providers enabled. */
    env: {
      GOOGLE_CLIENT_ID,
      GOOGLE_ISSUER: `${base}/google`,
      GOOGLE_JWKS_URL: `${base}/google/certs`,
      GOOGLE_TOKENINFO_URL: `${base}/google/tokeninfo`,
      GOOGLE_USERINFO_URL: `${base}/google/userinfo`,
      FACEBOOK_APP_ID,
      FACEBOOK_APP_SECRET,
      FACEBOOK_GRAPH_URL: `${base}/facebook`,
      APPLE_CLIENT_ID,
      APPLE_TEAM_ID,
      APPLE_KEY_ID,
      APPLE_PRIVATE_KEY: await exportPKCS8(appleClientKeys.privateKey),
      APPLE_BASE_URL: `${base}/apple`,
    },
    google: {
      clientId: GOOGLE_CLIENT_ID,
      /** An ID token as Google signs it; options forge the ways a token can be wrong. */
      async idToken(
        person: FakePerson,
        { audience = GOOGLE_CLIENT_ID, issuer = `${base}/google`, signWith = googleKeys.privateKey } = {},
      ) {
        return new SignJWT({
          email: person.email,
          email_verified: person.email_verified ?? true,
          name: person.name,
          picture: pictureUrl(person),
        })
          .setProtectedHeader({ alg: "RS256", kid: "google-1" })
          .setIssuer(issuer)
          .setAudience(audience)
          .setSubject(person.sub)
          .setIssuedAt()
          .setExpirationTime("1h")
          .sign(signWith);
      },
      /** An OAuth access token Google issued to `audience` (our client unless told). */
      accessToken(person: FakePerson, { audience = GOOGLE_CLIENT_ID } = {}) {
        const value = `ya29.${token()}`;
        googleAccessTokens.set(value, { audience, person });
        return value;
      },
    },
    facebook: {
      appId: FACEBOOK_APP_ID,
      accessToken(person: FakePerson, { appId = FACEBOOK_APP_ID } = {}) {
        const value = `EAAB${token()}`;
        facebookTokens.set(value, { appId, person });
        return value;
      },
    },
    apple: {
      clientId: APPLE_CLIENT_ID,
      /** A single-use authorization code, as Apple hands it to the client after consent. */
      authorizationCode(person: FakePerson) {
        const value = `c${token()}`;
        appleCodes.set(value, person);
        return value;
      },
    },
    /** A key no provider publishes, for forged tokens. */
    strangerKey: (await generateKeyPair("RS256")).privateKey,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeProviders = Awaited<ReturnType<typeof startFakeProviders>>;

function readBody(request: IncomingMessage) {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

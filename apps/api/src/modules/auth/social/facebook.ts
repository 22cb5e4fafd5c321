import { createHmac } from "node:crypto";
import type { Config } from "../../../config.ts";
import { loginFailed, providerJson, type ProviderIdentity } from "./identity.ts";

type FacebookConfig = NonNullable<Config["social"]["facebook"]>;

interface DebugToken {
  data?: { app_id?: string; is_valid?: boolean; user_id?: string };
}
interface Me {
  id: string;
  name?: string;
  email?: string;
  picture?: { data?: { url?: string; is_silhouette?: boolean } };
}

/**
 * A Facebook access token is checked with Graph `debug_token` using the app token: it must be valid and issued
 * to our app (a token from another app must not sign in here). Then `/me` gives the profile, with
 * `appsecret_proof` so a stolen token cannot be replayed without our secret.
 */
export function createFacebookVerifier(config: FacebookConfig) {
  const graph = (path: string, params: Record<string, string>) => {
    const url = new URL(`${config.graphUrl}/${path}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url;
  };

  return {
    publicInfo: { app_id: config.appId },
    async verify({ token }: { token: string }): Promise<ProviderIdentity> {
      const debug = await providerJson<DebugToken>(
        graph("debug_token", { input_token: token, access_token: `${config.appId}|${config.appSecret}` }),
      );
      const data = debug.data;
      if (!data?.is_valid || data.app_id !== config.appId || !data.user_id) throw loginFailed();

      const proof = createHmac("sha256", config.appSecret).update(token).digest("hex");
      const me = await providerJson<Me>(
        graph("me", { fields: "id,name,email,picture.type(large)", access_token: token, appsecret_proof: proof }),
      );
      if (me.id !== data.user_id) throw loginFailed();
      const picture = me.picture?.data;
      return {
        provider: "facebook",
        providerId: me.id,
        email: me.email ?? null,
        // Facebook only shares an email its owner confirmed.
        emailVerified: Boolean(me.email),
        name: me.name ?? null,
        pictureUrl: picture?.url && !picture.is_silhouette ? picture.url : null,
      };
    },
  };
}

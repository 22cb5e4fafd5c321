import { useState } from "react";
import { secondaryButtonClass } from "~/components/ui/form-field";
import { browserTransport } from "~/lib/api-client";
import { notify } from "~/lib/notify";
import { deviceId } from "~/lib/session";
import type { Providers } from "~/lib/api/get-providers";
import { logIn, type SignedIn } from "../api/log-in";

declare global {
  interface Window {
    google?: {
      accounts: {
        oauth2: {
          initTokenClient(options: {
            client_id: string;
            scope: string;
            callback: (response: { access_token?: string; error?: string }) => void;
          }): { requestAccessToken(): void };
        };
      };
    };
    FB?: {
      init(options: { appId: string; version: string }): void;
      login(callback: (response: { authResponse?: { accessToken: string } }) => void, options: { scope: string }): void;
    };
    AppleID?: {
      auth: {
        init(options: { clientId: string; scope: string; redirectURI: string; usePopup: boolean }): void;
        signIn(): Promise<{ authorization: { code: string } }>;
      };
    };
  }
}

/** Provider SDKs load only when their button is pressed: nobody else pays for them. */
function loadScript(src: string) {
  return new Promise<void>((resolve, reject) => {
    if (document.querySelector(`script[src="${src}"]`)) return resolve();
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`Could not load ${src}`));
    document.head.append(script);
  });
}

/** Where each provider's SDK loads from, and the global it sets up. */
const SDKS = {
  google: { src: "https://accounts.google.com/gsi/client", global: () => window.google },
  facebook: { src: "https://connect.facebook.net/en_US/sdk.js", global: () => window.FB },
  apple: {
    src: "https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js",
    global: () => window.AppleID,
  },
};

/** The provider's SDK once its script has loaded and set itself up; otherwise says `failure` and gives nothing. */
async function loadSdk<T>({ src, global }: { src: string; global: () => T | undefined }, failure: string) {
  const loaded = await loadScript(src).then(global, () => undefined);
  if (!loaded) notify("error", failure);
  return loaded;
}

/**
 * Sign-in with Google, Facebook or Apple: the provider gives the browser a token or code, the server checks
 * it with the provider (never trusting an id from here). Only providers the server has set up are shown.
 */
export function SocialButtons({
  providers,
  onSignedIn,
}: {
  providers: Providers;
  onSignedIn: (result: SignedIn) => void;
}) {
  const [busy, setBusy] = useState(false);
  const enabled = (["google", "facebook", "apple"] as const).filter((name) => providers[name].enabled);
  if (enabled.length === 0) return null;

  const signIn = async (body: object, failure: string) => {
    try {
      onSignedIn(await logIn(browserTransport, { ...body, device_id: deviceId(), remember_me: true }));
    } catch {
      notify("error", failure);
    }
  };

  const google = async () => {
    const sdk = await loadSdk(SDKS.google, "Error in Google credentials");
    if (!sdk) return;
    try {
      sdk.accounts.oauth2
        .initTokenClient({
          client_id: providers.google.client_id!,
          scope: "openid email profile",
          callback: (response) =>
            response.access_token
              ? void signIn({ provider: "google", token: response.access_token }, "Error in Google credentials")
              : notify("error", "Error in Google credentials"),
        })
        .requestAccessToken();
    } catch {
      notify("error", "Error in Google credentials");
    }
  };

  const facebook = async () => {
    const sdk = await loadSdk(SDKS.facebook, "Facebook SDK is not loaded yet. Please try again.");
    if (!sdk) return;
    sdk.init({ appId: providers.facebook.app_id!, version: "v21.0" });
    sdk.login(
      (response) =>
        response.authResponse
          ? void signIn({ provider: "facebook", token: response.authResponse.accessToken }, "Facebook login failed.")
          : notify("error", "Facebook login failed."),
      { scope: "email,public_profile" },
    );
  };

  const apple = async () => {
    const sdk = await loadSdk(SDKS.apple, "Apple Sign-In not available.");
    if (!sdk) return;
    try {
      sdk.auth.init({
        clientId: providers.apple.client_id!,
        scope: "name email",
        redirectURI: `${window.location.origin}/auth`,
        usePopup: true,
      });
      const { authorization } = await sdk.auth.signIn();
      await signIn({ provider: "apple", code: authorization.code, platform: "web" }, "Apple Sign-In failed.");
    } catch {
      notify("error", "Apple Sign-In failed.");
    }
  };

  const handlers = { google, facebook, apple };
  const labels = { google: "Continue with Google", facebook: "Continue with Facebook", apple: "Continue with Apple" };
  return (
    <div className="space-y-2">
      {enabled.map((name) => (
        <button
          key={name}
          type="button"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            await handlers[name]();
            setBusy(false);
          }}
          className={`${secondaryButtonClass} w-full`}
        >
          {labels[name]}
        </button>
      ))}
    </div>
  );
}

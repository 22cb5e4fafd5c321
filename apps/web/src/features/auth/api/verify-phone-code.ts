import type { TPhoneSignIn } from "@waterside/shared/phone-auth";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";
import type { SignedIn } from "./log-in";

/** Signed in (or registered and signed in), or: no account has this number, so ask for a name and call again. */
export type PhoneSignInResult = { signedIn: SignedIn } | { registrationRequired: true };

/**
 * POST /auth/phone/verify (phone-auth): the same body as email login when the code is right. A new number without
 * `name` answers 422 with `registration_required: true` beside the usual field errors, and the code stays valid for
 * the second call; that answer is read here and returned, every other failure is thrown as an ApiError.
 */
export async function verifyPhoneCode(api: ApiTransport, body: TPhoneSignIn): Promise<PhoneSignInResult> {
  let registrationRequired = false;
  const reading: ApiTransport = async (path, init) => {
    const response = await api(path, init);
    if (response.status === 422) {
      const error = (await response
        .clone()
        .json()
        .catch(() => ({}))) as { registration_required?: unknown };
      registrationRequired = error.registration_required === true;
    }
    return response;
  };
  try {
    return { signedIn: await apiData<SignedIn>(reading, "/auth/phone/verify", jsonBody(body)) };
  } catch (error) {
    if (registrationRequired) return { registrationRequired: true };
    throw error;
  }
}

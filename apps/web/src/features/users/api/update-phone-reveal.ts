import type { TPhoneRevealChoice } from "@waterside/shared/trust";
import type { TUser } from "@waterside/shared/users";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** PUT /user/phone-reveal (issue 27): whether buyers may reveal the seller's number or must chat first. */
export const updatePhoneReveal = (api: ApiTransport, choice: TPhoneRevealChoice) =>
  apiData<TUser>(api, "/user/phone-reveal", jsonBody(choice, "PUT"));

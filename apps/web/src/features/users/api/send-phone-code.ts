import type { TPhoneCodeSent } from "@waterside/shared/phone-auth";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** POST /user/phone/send-code (phone-auth): texts a code to the number the signed-in user wants to verify. */
export const sendPhoneCode = (api: ApiTransport, phoneNumber: string) =>
  apiData<TPhoneCodeSent>(api, "/user/phone/send-code", jsonBody({ phone_number: phoneNumber }));

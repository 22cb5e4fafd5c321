import type { TPhoneCodeSent } from "@waterside/shared/phone-auth";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** POST /auth/phone/send-code (phone-auth): texts a 6-digit code to the number; 429 names the cap that was reached. */
export const sendPhoneCode = (api: ApiTransport, phoneNumber: string) =>
  apiData<TPhoneCodeSent>(api, "/auth/phone/send-code", jsonBody({ phone_number: phoneNumber }));

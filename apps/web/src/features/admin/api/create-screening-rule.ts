import type { TScreeningRule, TScreeningRuleInput } from "@waterside/shared/ad-screening";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** POST /admin/screening-rules (admin, audited): a word or pattern that refuses or flags ads; 422 under its fields. */
export const createScreeningRule = (api: ApiTransport, input: TScreeningRuleInput) =>
  apiData<TScreeningRule>(api, "/admin/screening-rules", jsonBody(input));

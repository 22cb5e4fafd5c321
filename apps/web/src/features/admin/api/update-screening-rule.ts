import type { TScreeningRule, TScreeningRuleInput } from "@waterside/shared/ad-screening";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** PUT /admin/screening-rules/{id} (admin, audited): the rule's word or pattern, action and reason. */
export const updateScreeningRule = (api: ApiTransport, id: number, input: TScreeningRuleInput) =>
  apiData<TScreeningRule>(api, `/admin/screening-rules/${id}`, jsonBody(input, "PUT"));

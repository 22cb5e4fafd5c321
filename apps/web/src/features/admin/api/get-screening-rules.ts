import type { TScreeningRule } from "@waterside/shared/ad-screening";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /admin/screening-rules (admin): every banned-words rule, newest first (issue 28, decision 079). */
export const getScreeningRules = (api: ApiTransport) => apiData<TScreeningRule[]>(api, "/admin/screening-rules");

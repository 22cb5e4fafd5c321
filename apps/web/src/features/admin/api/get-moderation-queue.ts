import type { TModerationQueueItem } from "@waterside/shared/admin-moderation-queue";
import type { TPaged } from "@waterside/shared/api-envelope";
import { apiData, type ApiTransport } from "~/lib/api-client";
import { queryString } from "./query-string";

/**
 * GET /admin/moderation-queue (admin): ads held by reports first, then newest; reviewed no (default), yes or all;
 * flagged all (default) or yes, and each ad's flags (issue 28).
 */
export const getModerationQueue = (api: ApiTransport, query: Record<string, string | number | undefined>) =>
  apiData<TPaged<TModerationQueueItem>>(api, `/admin/moderation-queue?${queryString(query)}`);

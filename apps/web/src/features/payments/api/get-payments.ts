import type { TPaged } from "@waterside/shared/api-envelope";
import type { TPayment } from "@waterside/shared/payments";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /payments (payments): a page of the user's Mobile Money payments, newest first (beyond the spec, decision 048). */
export const getPayments = (api: ApiTransport, page = 1) => apiData<TPaged<TPayment>>(api, `/payments?page=${page}`);

import { CURRENCIES } from "@waterside/shared/money";
import { zMomoPhone, zOrangePhone } from "@waterside/shared/payments";
import { z } from "zod";

const zCurrency = z.enum(CURRENCIES);

/**
 * The Set Phone Number modal's fields (issue 30, decision 087), judged by the API's own schemas
 * (packages/shared/src/payments.ts): the number by the chosen wallet's, `zMomoPhone` of POST /payments/momo or
 * `zOrangePhone` of POST /payments/orange-money, which also put it in the spec's form; and the currency to pay in.
 */
export const ZPayerForm = z.discriminatedUnion("wallet", [
  z.object({ wallet: z.literal("mtn_momo"), phone_number: zMomoPhone, currency: zCurrency }),
  z.object({ wallet: z.literal("orange_money"), phone_number: zOrangePhone, currency: zCurrency }),
]);
export type TPayerFormInput = z.input<typeof ZPayerForm>;
export type TPayerFormOutput = z.output<typeof ZPayerForm>;

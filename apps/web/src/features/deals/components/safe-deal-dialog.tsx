import { zodResolver } from "@hookform/resolvers/zod";
import { ZCreateDeal } from "@waterside/shared/deals";
import {
  DEAL_AUTO_RELEASE_HOURS,
  DEAL_FEE_PERCENT,
  DEAL_MAX_USD,
  DEAL_MESSAGES,
  DEAL_MIN_USD,
} from "@waterside/shared/deals-messages";
import { CURRENCIES, CURRENCY_SYMBOLS, type TCurrency } from "@waterside/shared/money";
import { useEffect, useId, useMemo } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { inputClass, primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-field";
import { Modal } from "~/components/ui/modal";
import { TextField } from "~/components/ui/text-field";
import { useExchangeRate } from "~/lib/exchange-rate";

/** The amount agreed and its currency, as the buyer chose them. */
export interface DealAmount {
  amount: number;
  currency: TCurrency;
}

/**
 * The amount field by POST /deals' own schema, required here (the API would take the ad's price for a blank one,
 * but the buyer sees and confirms what they pay), and within the per-deal limits: in US$, or in L$ at the rate in
 * force when one is known (the API judges at its own rate and answers under `amount` otherwise).
 */
function dealAmountSchema(usdLrd: number | null) {
  return ZCreateDeal.pick({ amount: true, currency: true }).superRefine((value, context) => {
    if (value.amount === undefined) {
      context.addIssue({ code: "custom", path: ["amount"], message: DEAL_MESSAGES.amountRequired });
      return;
    }
    const currency = value.currency ?? "USD";
    const usd = currency === "USD" ? value.amount : usdLrd ? value.amount / usdLrd : null;
    if (usd === null) return;
    if (usd < DEAL_MIN_USD) context.addIssue({ code: "custom", path: ["amount"], message: DEAL_MESSAGES.amountTooLow });
    if (usd > DEAL_MAX_USD) {
      context.addIssue({ code: "custom", path: ["amount"], message: DEAL_MESSAGES.amountTooHigh });
    }
  });
}

/** How the money is held, in three steps (issue 33 "Web": an explainer before the buyer pays). */
const STEPS = [
  "You pay by Mobile Money. We hold the money; the seller cannot touch it yet.",
  "You meet the seller and check the item. When it is right, give them your 6-digit release code.",
  `The seller enters the code and gets the money (less a ${DEAL_FEE_PERCENT}% fee). If something goes wrong, open a dispute and our team decides.`,
];

/**
 * "Buy with Safe Deal": how the money is held, then the amount agreed (the ad's price and currency at first). Continue
 * hands the amount on to the payment (the wallet number and the approval, the boosts' flow).
 */
export function SafeDealDialog({
  ad,
  open,
  onClose,
  onContinue,
}: {
  ad: { title: string; price_local: number; currency: TCurrency };
  open: boolean;
  onClose: () => void;
  onContinue: (amount: DealAmount) => void;
}) {
  const headingId = useId();
  const currencyId = useId();
  const rate = useExchangeRate();
  const schema = useMemo(() => dealAmountSchema(rate?.usd_lrd ?? null), [rate]);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    mode: "onChange",
    defaultValues: { amount: String(ad.price_local), currency: ad.currency },
  });
  // The ad's price may be past a safe deal's limit: said at once, before the buyer types.
  useEffect(() => {
    void form.trigger("amount");
  }, [form]);
  const submit = form.handleSubmit(({ amount, currency }) =>
    onContinue({ amount: amount ?? ad.price_local, currency: currency ?? ad.currency }),
  );

  return (
    <Modal
      open={open}
      // The dialog also closes when Continue hands over to the payment: only a user's close (open still) counts.
      onOpenChange={(next) => {
        if (!next && open) onClose();
      }}
      label="Buy with Safe Deal"
      className="mx-auto mt-[6dvh] max-h-[88dvh] w-[calc(100%-2rem)] max-w-md overflow-y-auto rounded-2xl bg-white shadow-xl"
    >
      <form onSubmit={submit} noValidate aria-labelledby={headingId} className="space-y-4 p-5 sm:p-6">
        <h2 id={headingId} className="text-xl font-semibold">
          Buy with Safe Deal
        </h2>
        <p className="text-slate-700">
          For <strong className="wrap-anywhere">{ad.title}</strong>. Your money is safe until you have the item.
        </p>
        <ol className="space-y-2">
          {STEPS.map((step, index) => (
            <li key={step} className="flex gap-3 text-sm text-slate-800">
              <span
                aria-hidden="true"
                className="grid size-6 shrink-0 place-items-center rounded-full bg-emerald-700 text-xs font-bold text-white"
              >
                {index + 1}
              </span>
              <span>{step}</span>
            </li>
          ))}
        </ol>
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <TextField
              form={form}
              name="amount"
              label="Amount agreed"
              required
              inputMode="decimal"
              hint={`Agreed with the seller in chat. At most US$ ${DEAL_MAX_USD} or its L$ value.`}
              autoFocus
            />
          </div>
          <div className="w-24 shrink-0 space-y-1">
            <label htmlFor={currencyId} className="flex text-sm font-medium text-slate-800">
              Currency
            </label>
            <select
              id={currencyId}
              className={inputClass}
              {...form.register("currency", { onChange: () => void form.trigger("amount") })}
            >
              {CURRENCIES.map((currency) => (
                <option key={currency} value={currency}>
                  {CURRENCY_SYMBOLS[currency]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p className="text-xs text-slate-500">
          After the seller marks the item handed over, the money goes to them in {DEAL_AUTO_RELEASE_HOURS} hours unless
          you open a dispute.
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={secondaryButtonClass} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={primaryButtonClass} disabled={!form.formState.isValid}>
            Continue to payment
          </button>
        </div>
      </form>
    </Modal>
  );
}

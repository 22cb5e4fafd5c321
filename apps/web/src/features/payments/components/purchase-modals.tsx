import { zodResolver } from "@hookform/resolvers/zod";
import { CURRENCIES, CURRENCY_SYMBOLS, type TCurrency } from "@waterside/shared/money";
import {
  MOMO_DEFAULT_COUNTRY_CODE,
  MOMO_PREFIXES,
  normalizeMomoPhone,
  ORANGE_PREFIXES,
  PAYMENT_MESSAGES,
  walletOfPhone,
} from "@waterside/shared/payments-messages";
import { clsx } from "clsx";
import { useEffect, useId, type ReactNode } from "react";
import { useForm, useWatch, type UseFormReturn } from "react-hook-form";
import { inputClass, primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-field";
import { LoadingOverlay } from "~/components/ui/loading-overlay";
import { Modal } from "~/components/ui/modal";
import { TextField } from "~/components/ui/text-field";
import { formatMoney } from "~/lib/format";
import {
  isChargeOrder,
  type ChargeOrder,
  type PackageOrder,
  type Payer,
  type PayerErrors,
  type PurchaseFlow,
  type PurchaseOrder,
} from "../hooks/use-purchase-flow";
import { ZPayerForm, type TPayerFormInput, type TPayerFormOutput } from "../payer-form";
import { DEFAULT_WALLET, WALLET_CHOICES, walletLongName, walletName, walletPin, walletReason } from "../wallets";

const PANEL =
  "mx-auto mt-[8dvh] max-h-[84dvh] w-[calc(100%-2rem)] max-w-md overflow-y-auto rounded-2xl bg-white shadow-xl";

/**
 * The purchase's modals and waits (second document §2 "Modals", §4 "Payment flow"): Set Phone Number (with the
 * wallet it pays through and the currency, issue 30), the purchase confirmation, the approval request, a payment the
 * wallet refused (its reason, Try again, Use another number) and the 'Payment Request Not Confirmed' warning, one
 * dialog whose content follows the flow; the overlay while the request is sent and after the end. `profilePhone` is
 * the number of the user's profile, offered by 'Set my phone number'.
 */
export function PurchaseModals({ flow, profilePhone }: { flow: PurchaseFlow; profilePhone: string | null }) {
  const { stage, order } = flow;
  const inDialog =
    stage.step === "phone" ||
    stage.step === "confirm" ||
    stage.step === "approval" ||
    stage.step === "failed" ||
    stage.step === "not-confirmed";
  const label =
    stage.step === "phone"
      ? "Set Phone Number"
      : stage.step === "confirm"
        ? "Confirm your purchase"
        : stage.step === "approval"
          ? "Approve the payment"
          : stage.step === "failed"
            ? "Payment failed"
            : PAYMENT_MESSAGES.notConfirmedTitle;

  return (
    <>
      <Modal
        open={inDialog && order !== null}
        label={label}
        className={PANEL}
        onOpenChange={(open) => {
          if (open) return;
          // The dialog also closes when the flow moves past it (the request, the end): only a user's close counts.
          if (stage.step === "not-confirmed") flow.acknowledge();
          else if (inDialog) flow.abandon();
        }}
      >
        {order && stage.step === "phone" && (
          <PhoneStep
            initial={stage.payer}
            serverErrors={stage.errors}
            profilePhone={profilePhone}
            fixedCurrency={isChargeOrder(order) ? order.currency : undefined}
            onCancel={flow.abandon}
            onSubmit={flow.submitPayer}
          />
        )}
        {order && stage.step === "confirm" && (
          <Panel
            title="Confirm your purchase"
            actions={
              <>
                <button type="button" className={secondaryButtonClass} onClick={flow.abandon}>
                  Cancel
                </button>
                <button type="button" className={primaryButtonClass} onClick={flow.pay} autoFocus>
                  {payLabel(order, stage.payer)}
                </button>
              </>
            }
          >
            {isChargeOrder(order) ? (
              <ChargeSummary order={order} payer={stage.payer} />
            ) : (
              <PurchaseSummary order={order} payer={stage.payer} />
            )}
          </Panel>
        )}
        {stage.step === "approval" && (
          <Panel
            title="Approve the payment"
            actions={
              <>
                <button type="button" className={secondaryButtonClass} onClick={flow.abandon}>
                  Cancel
                </button>
                <button
                  type="button"
                  className={primaryButtonClass}
                  onClick={flow.confirm}
                  disabled={stage.checking}
                  autoFocus
                >
                  {stage.checking ? "Checking…" : "Confirm"}
                </button>
              </>
            }
          >
            <p>
              A notification was sent to your Mobile Money app. Accept it (enter your {walletPin(stage.payer.wallet)}),
              then press <strong>Confirm</strong>.
            </p>
          </Panel>
        )}
        {order && stage.step === "failed" && (
          <Panel
            title="Payment failed"
            tone="error"
            actions={
              <>
                <button type="button" className={`${secondaryButtonClass} mr-auto`} onClick={flow.abandon}>
                  Cancel
                </button>
                <button type="button" className={secondaryButtonClass} onClick={flow.chooseAnotherNumber}>
                  Use another number
                </button>
                <button type="button" className={primaryButtonClass} onClick={flow.retry} autoFocus>
                  Try again
                </button>
              </>
            }
          >
            <p role="alert" className="font-medium text-red-800">
              {walletReason(stage.payer.wallet, stage.reason)}
            </p>
            <p>
              Nothing was charged. {orderText(order)} from{" "}
              <strong className="whitespace-nowrap">{stage.payer.phone}</strong> with {walletName(stage.payer.wallet)}:
              try again, or pay from another Mobile Money number.
            </p>
          </Panel>
        )}
        {stage.step === "not-confirmed" && (
          <Panel
            title={PAYMENT_MESSAGES.notConfirmedTitle}
            tone="warning"
            actions={
              <button type="button" className={primaryButtonClass} onClick={flow.acknowledge} autoFocus>
                Ok
              </button>
            }
          >
            <p className="font-medium">{PAYMENT_MESSAGES.notConfirmed}</p>
            <p className="text-sm text-slate-600">
              {order && isChargeOrder(order) ? order.pendingNote : PAYMENT_MESSAGES.pendingNotice}
            </p>
          </Panel>
        )}
      </Modal>
      {stage.step === "requesting" && (
        <LoadingOverlay
          text={stage.sent ? "Payment requested" : "Requesting payment..."}
          detail={
            stage.sent
              ? `Check the phone ${stage.payer.phone}: ${walletLongName(stage.payer.wallet)} asks you to approve the payment.`
              : `Asking ${walletLongName(stage.payer.wallet)} to charge ${stage.payer.phone}.`
          }
        />
      )}
      {stage.step === "finished" && <LoadingOverlay text={PAYMENT_MESSAGES.finished} />}
    </>
  );
}

/** "Pay $10", "Pay $10 in L$" for a package; "Pay US$ 120.00" for a charge in its own currency. */
function payLabel(order: PurchaseOrder, payer: Payer) {
  if (isChargeOrder(order)) return `Pay ${order.amountText}`;
  return `Pay ${formatMoney(order.price)}${payer.currency !== "USD" ? ` in ${CURRENCY_SYMBOLS[payer.currency]}` : ""}`;
}

/** What was not paid, in the failure's sentence: "Standard Boost ($10)", "Safe deal for … (US$ 120.00)". */
const orderText = (order: PurchaseOrder) =>
  isChargeOrder(order) ? `${order.name} (${order.amountText})` : `${order.packageName} (${formatMoney(order.price)})`;

function Panel({
  title,
  tone,
  actions,
  children,
}: {
  title: string;
  tone?: "warning" | "error";
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="space-y-4 p-5 sm:p-6">
      <h2
        className={
          tone === "warning"
            ? "text-xl font-semibold text-amber-800"
            : tone === "error"
              ? "text-xl font-semibold text-red-800"
              : "text-xl font-semibold"
        }
      >
        {title}
      </h2>
      <div className="space-y-2 text-slate-800">{children}</div>
      <div className="flex flex-wrap justify-end gap-2">{actions}</div>
    </div>
  );
}

/**
 * Spec §2: the purchase confirmation states the package price in dollars and the phone number to be charged; issue 30
 * adds the wallet it goes through and, for L$, that the price is converted at the rate of the moment.
 */
function PurchaseSummary({ order, payer }: { order: PackageOrder; payer: Payer }) {
  return (
    <>
      <p>
        You are buying <strong>{order.packageName}</strong> for <strong>{formatMoney(order.price)}</strong> per month.
      </p>
      <p>
        {walletLongName(payer.wallet)} number to be charged:{" "}
        <strong className="whitespace-nowrap">{payer.phone}</strong>
      </p>
      {payer.currency === "LRD" && (
        <p>
          Paid in Liberian dollars: the price at the exchange rate of the moment. Your payments list shows the amount
          and the rate.
        </p>
      )}
      <p className="text-sm text-slate-600">No refund on cancellation. Activation can take up to 24 hours.</p>
    </>
  );
}

/** A charge's confirmation: what is paid for, the amount in its currency, the number charged and the order's note. */
function ChargeSummary({ order, payer }: { order: ChargeOrder; payer: Payer }) {
  return (
    <>
      <p>
        <strong>{order.name}</strong>: <strong className="whitespace-nowrap">{order.amountText}</strong>
      </p>
      <p>
        {walletLongName(payer.wallet)} number to be charged:{" "}
        <strong className="whitespace-nowrap">{payer.phone}</strong>
      </p>
      <p className="text-sm text-slate-600">{order.note}</p>
    </>
  );
}

type PayerForm = UseFormReturn<TPayerFormInput, unknown, TPayerFormOutput>;

/** "231 77…, 231 76…": a wallet's Liberian prefixes, from the shared tables. */
const liberianPrefixes = (table: Record<string, readonly string[]>) =>
  (table[MOMO_DEFAULT_COUNTRY_CODE] ?? []).map((prefix) => `${MOMO_DEFAULT_COUNTRY_CODE} ${prefix}…`).join(", ");
const WALLET_RULE = `Orange numbers (${liberianPrefixes(ORANGE_PREFIXES)}) pay with Orange Money, MTN numbers (${liberianPrefixes(MOMO_PREFIXES)}) with MTN MoMo.`;

/**
 * Spec §2 Set Phone Number: the instructions, 'Set my phone number' (only when the profile has one), Cancel, and
 * Submit, disabled while the number is empty or breaks a rule; each rule's message shows under the field (§5). A
 * number written as people write it (0886 123 456, +231 …) is judged and sent in the spec's form, shown under the
 * field before Submit (decision 060). Issue 30 (decision 087): the number is asked once and the switch "Pay with
 * Orange Money / MTN MoMo" follows it as typed; choosing the other wallet judges the number by that wallet's rules.
 * The currency (US$ unless L$ is chosen) sits beside the number, unless the order has its own (`fixedCurrency`: a
 * safe deal's amount is agreed in one currency before).
 */
function PhoneStep({
  initial,
  serverErrors,
  profilePhone,
  fixedCurrency,
  onCancel,
  onSubmit,
}: {
  initial: Payer | null;
  serverErrors?: PayerErrors;
  profilePhone: string | null;
  fixedCurrency?: TCurrency;
  onCancel: () => void;
  onSubmit: (payer: Payer) => void;
}) {
  const form = useForm({
    resolver: zodResolver(ZPayerForm),
    mode: "onChange",
    defaultValues: {
      phone_number: initial?.phone ?? "",
      wallet: initial?.wallet ?? DEFAULT_WALLET,
      currency: fixedCurrency ?? initial?.currency ?? "USD",
    },
  });
  const { isValid, errors } = form.formState;
  const currencyErrorId = useId();
  const currencyError = errors.currency?.message;
  const typed = useWatch({ control: form.control, name: "phone_number" }) ?? "";
  const normalized = normalizeMomoPhone(typed);
  const rewritten = isValid && normalized !== typed.trim() ? `We will charge ${normalized}.` : undefined;
  useEffect(() => {
    // What the server or the wallet refused, with its words, until it is changed.
    if (serverErrors?.phone_number) form.setError("phone_number", { message: serverErrors.phone_number });
    if (serverErrors?.currency) form.setError("currency", { message: serverErrors.currency });
  }, [form, serverErrors]);

  /** The switch follows the number once it is one wallet's; before that, it stays where it was. */
  function followNumber(phone: string) {
    const wallet = walletOfPhone(phone);
    if (wallet && wallet !== form.getValues("wallet")) {
      form.setValue("wallet", wallet);
      form.clearErrors("currency");
    }
  }

  const submit = form.handleSubmit(({ phone_number, wallet, currency }) =>
    onSubmit({ phone: phone_number, wallet, currency }),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4 p-5 sm:p-6">
      <h2 className="text-xl font-semibold">Set Phone Number</h2>
      <p className="text-slate-700">
        Enter the Mobile Money number to charge. A valid number is the country code <strong>231</strong> followed by the
        number&apos;s digits, e.g. 231881234567: no plus (+), no 00, no leading 0, no spaces or symbols. A Liberian
        number written as 0886 123 456 or +231 886 123 456 is put in that form for you.
      </p>
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <TextField
            form={form}
            name="phone_number"
            label="Mobile Money number"
            required
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            placeholder="231881234567"
            hint={rewritten}
            autoFocus
            registerOptions={{
              // Runs before the number is judged, so it is judged by the wallet it belongs to.
              onChange: (event: { target: { value: string } }) => followNumber(event.target.value),
            }}
          />
        </div>
        {!fixedCurrency && <CurrencyField form={form} errorId={currencyErrorId} invalid={Boolean(currencyError)} />}
      </div>
      {currencyError && (
        <p id={currencyErrorId} role="alert" className="text-sm text-red-700">
          {currencyError}
        </p>
      )}
      <WalletSwitch form={form} />
      <div className="flex flex-wrap justify-end gap-2">
        {profilePhone && (
          <button
            type="button"
            className={`${secondaryButtonClass} mr-auto`}
            onClick={() => {
              followNumber(profilePhone);
              form.setValue("phone_number", profilePhone, {
                shouldValidate: true,
                shouldDirty: true,
                shouldTouch: true,
              });
            }}
          >
            Set my phone number
          </button>
        )}
        <button type="button" className={secondaryButtonClass} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={primaryButtonClass} disabled={!isValid}>
          Submit
        </button>
      </div>
    </form>
  );
}

/**
 * "Pay with Orange Money / MTN MoMo": two radio buttons (arrow keys move between them). A wallet chosen by hand judges
 * the number typed so far by its rules at once, so the reason it cannot pay shows under the number.
 */
function WalletSwitch({ form }: { form: PayerForm }) {
  const id = useId();
  return (
    <fieldset aria-describedby={`${id}-rule`}>
      <legend className="mb-1 text-sm font-medium text-slate-800">Pay with</legend>
      <div className="grid grid-cols-2 gap-2">
        {WALLET_CHOICES.map((wallet) => (
          <label
            key={wallet}
            className={clsx(
              "flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2.5 font-medium",
              "has-[:checked]:border-emerald-700 has-[:checked]:bg-emerald-50 has-[:checked]:ring-1 has-[:checked]:ring-emerald-700",
              "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-emerald-600",
            )}
          >
            <input
              type="radio"
              value={wallet}
              className="size-4 shrink-0 accent-emerald-700"
              {...form.register("wallet", {
                onChange: () => {
                  // The server's word on the currency was about the other wallet (one may not take L$).
                  form.clearErrors("currency");
                  if (form.getValues("phone_number")) void form.trigger("phone_number");
                },
              })}
            />
            {walletName(wallet)}
          </label>
        ))}
      </div>
      <p id={`${id}-rule`} className="mt-1 text-xs text-slate-500">
        {WALLET_RULE}
      </p>
    </fieldset>
  );
}

/**
 * US$ (the packages' own currency, the default) or L$ at the rate of the moment, beside the number. Its error (a 422
 * when no rate is set) is written under the whole row by the caller, `errorId`, as it is a sentence, not a word.
 */
function CurrencyField({ form, errorId, invalid }: { form: PayerForm; errorId: string; invalid: boolean }) {
  const id = useId();
  return (
    <div className="w-24 shrink-0 space-y-1">
      <label htmlFor={id} className="flex text-sm font-medium text-slate-800">
        Currency
      </label>
      <select
        id={id}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
        className={inputClass}
        {...form.register("currency")}
      >
        {CURRENCIES.map((currency) => (
          <option key={currency} value={currency}>
            {CURRENCY_SYMBOLS[currency]}
          </option>
        ))}
      </select>
    </div>
  );
}

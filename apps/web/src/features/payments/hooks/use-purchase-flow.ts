import { MOMO_REASON_DEFAULT_TEXT } from "@waterside/shared/momo-reasons";
import type { TCurrency } from "@waterside/shared/money";
import {
  PAYMENT_CONFIRM_DELAY_MS,
  PAYMENT_FINISHED_REDIRECT_MS,
  PAYMENT_MESSAGES,
  type TPackageType,
  type TPaymentProvider,
} from "@waterside/shared/payments-messages";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "~/lib/api-client";
import { getPaymentStatus } from "../api/get-payment-status";
import { requestPayment } from "../api/request-payment";
import { notify } from "~/lib/notify";
import { authedTransport } from "~/lib/session";
import { paymentFailedMessage } from "../wallets";

/** What is bought: a package, for an ad (a boost) or for the business (a plan, no ad). */
export interface PackageOrder {
  packageId: number;
  packageName: string;
  price: number;
  adId?: number;
}

/**
 * A payment another feature's call asks for (a safe deal, issue 33): it names what is paid for and the amount as
 * charged, in its own currency (not asked again), and makes the request itself, answering the collection's
 * transaction id. From there the flow follows it as it follows a package's: approval, status, the wallet's reason.
 */
export interface ChargeOrder {
  name: string;
  /** The amount as charged, in the order's currency: "US$ 120.00". */
  amountText: string;
  currency: TCurrency;
  /** What the confirmation says under the amount and the number (how the money is kept, what happens next). */
  note: string;
  /** What 'Payment Request Not Confirmed' says of a payment still on its way. */
  pendingNote: string;
  request: (payer: { phone: string; wallet: TPaymentProvider }) => Promise<{ transaction_id: string }>;
}

export type PurchaseOrder = PackageOrder | ChargeOrder;

export const isChargeOrder = (order: PurchaseOrder): order is ChargeOrder => "request" in order;

/** Asks the payer's wallet for a package: POST /payments/momo or /payments/orange-money. */
const requestPackage = (order: PackageOrder, payer: Payer) =>
  requestPayment(authedTransport, payer.wallet, {
    phone_number: payer.phone,
    package_id: order.packageId,
    ...(order.adId !== undefined && { ad_id: order.adId }),
    // Always the currency chosen: without one, a wallet account kept in L$ would charge L$ for a US$ choice.
    currency: payer.currency,
  });

/**
 * Who pays and how (issue 30, decision 087): the number in the spec's form, the wallet it pays through (the one the
 * number belongs to, or the one the user switched to) and the currency it is charged in.
 */
export interface Payer {
  phone: string;
  wallet: TPaymentProvider;
  currency: TCurrency;
}

/** What the server refused in the payer's fields, in its words (a wrong number, L$ without a rate). */
export interface PayerErrors {
  phone_number?: string;
  currency?: string;
}

/**
 * Where a purchase stands (second document §4 "Wizard submission", "Payment flow"): the phone number (and wallet and
 * currency), the purchase confirmation, the request (and the 4 seconds after it), the approval modal and its status
 * check, the warning when the payment is not confirmed yet, a payment the wallet refused (with its reason, to try
 * again), and the end.
 */
export type PurchaseStage =
  | { step: "idle" }
  | { step: "phone"; payer: Payer | null; errors?: PayerErrors }
  | { step: "confirm"; payer: Payer }
  | { step: "requesting"; payer: Payer; sent: boolean }
  | { step: "approval"; transactionId: string; payer: Payer; checking: boolean }
  | { step: "failed"; payer: Payer; reason: string }
  | { step: "not-confirmed" }
  | { step: "finished" };

/**
 * The purchase sequence shared by the sell wizard's step 3 (type 'ad'), the Business Plan tab (type 'user') and a safe
 * deal's payment (a `ChargeOrder`, type 'ad', issue 33):
 * `start(order)` opens the phone-number modal; `submitPayer`, `pay`, `confirm` and `acknowledge` move it on;
 * `abandon` is what closing or cancelling any modal does. `onAbandon` and `onFinished` (3 seconds after the end,
 * spec §9) say where the user goes then. A payment the wallet refuses does not end the purchase (issue 26): the user
 * stays where they are, with the wallet's reason, and `retry` asks again with the same number and package, `chooseAnotherNumber`
 * opens the phone-number modal again; 'Payment process finished...' comes after a success, or not at all when the
 * user leaves (`abandon`).
 */
export function usePurchaseFlow({
  type,
  onAbandon,
  onFinished,
}: {
  type: TPackageType;
  onAbandon: () => void;
  onFinished: () => void;
}) {
  const [order, setOrder] = useState<PurchaseOrder | null>(null);
  const [stage, setStage] = useState<PurchaseStage>({ step: "idle" });
  const timers = useRef<number[]>([]);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    const pending = timers.current;
    return () => {
      alive.current = false;
      pending.splice(0).forEach((timer) => window.clearTimeout(timer));
    };
  }, []);
  const later = (run: () => void, ms: number) => timers.current.push(window.setTimeout(run, ms));

  function start(next: PurchaseOrder) {
    setOrder(next);
    setStage({ step: "phone", payer: null });
  }

  const submitPayer = (payer: Payer) => setStage({ step: "confirm", payer });

  /** §4 "Payment flow" 1–2: the request to the payer's wallet, then the approval modal 4 seconds later. */
  async function pay() {
    if ((stage.step !== "confirm" && stage.step !== "failed") || !order) return;
    const { payer } = stage;
    setStage({ step: "requesting", payer, sent: false });
    try {
      const { transaction_id } = isChargeOrder(order)
        ? await order.request({ phone: payer.phone, wallet: payer.wallet })
        : await requestPackage(order, payer);
      if (!alive.current) return;
      setStage({ step: "requesting", payer, sent: true });
      later(
        () => setStage({ step: "approval", transactionId: transaction_id, payer, checking: false }),
        PAYMENT_CONFIRM_DELAY_MS,
      );
    } catch (error) {
      if (!alive.current) return;
      // §8: the server's message, else 'Error requesting payment'.
      notify("error", error instanceof ApiError && error.status > 0 ? error.message : PAYMENT_MESSAGES.requestFailed);
      // A number the wallet or our rules refuse, or L$ while no rate is set, can be corrected in place, under its
      // field; anything else ends the purchase.
      const errors: PayerErrors =
        error instanceof ApiError
          ? { phone_number: error.errors?.phone_number?.[0], currency: error.errors?.currency?.[0] }
          : {};
      if (errors.phone_number || errors.currency) setStage({ step: "phone", payer, errors });
      else abandon();
    }
  }

  /** §4 "Payment flow" 3–4: Confirm asks where the payment stands. */
  async function confirm() {
    if (stage.step !== "approval" || stage.checking) return;
    const { transactionId, payer } = stage;
    setStage({ step: "approval", transactionId, payer, checking: true });
    try {
      const status = await getPaymentStatus(authedTransport, payer.wallet, transactionId, type);
      if (!alive.current) return;
      if (status.status === "completed") {
        notify("success", PAYMENT_MESSAGES.successful);
        finish();
      } else if (status.status === "failed") {
        const reason = status.reason ?? MOMO_REASON_DEFAULT_TEXT;
        notify("error", paymentFailedMessage(payer.wallet, reason));
        // Nothing was charged: the user stays, to try again or with another number (issue 26).
        setStage({ step: "failed", payer, reason });
      } else {
        setStage({ step: "not-confirmed" });
      }
    } catch {
      if (!alive.current) return;
      notify("error", PAYMENT_MESSAGES.statusFailed);
      // On a slow or lost connection, Confirm can be pressed again.
      setStage({ step: "approval", transactionId, payer, checking: false });
    }
  }

  /** After a failure, the phone-number modal again, with the number (and wallet) that failed to correct or replace. */
  function chooseAnotherNumber() {
    if (stage.step === "failed") setStage({ step: "phone", payer: stage.payer });
  }

  /** 'Payment process finished...', then, 3 seconds later, wherever the caller goes. */
  function finish() {
    setStage({ step: "finished" });
    later(() => {
      setOrder(null);
      setStage({ step: "idle" });
      onFinished();
    }, PAYMENT_FINISHED_REDIRECT_MS);
  }

  function abandon() {
    timers.current.splice(0).forEach((timer) => window.clearTimeout(timer));
    setOrder(null);
    setStage({ step: "idle" });
    onAbandon();
  }

  return {
    type,
    order,
    stage,
    busy: stage.step !== "idle",
    start,
    submitPayer,
    pay,
    confirm,
    /** After a failure: a new request with the same number and package. */
    retry: pay,
    chooseAnotherNumber,
    /** Ok on 'Payment Request Not Confirmed': the purchase ends; the wallet's answer activates the boost later. */
    acknowledge: finish,
    abandon,
  };
}

export type PurchaseFlow = ReturnType<typeof usePurchaseFlow>;

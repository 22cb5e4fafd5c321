import { MOMO_REASON_DEFAULT_TEXT } from "@waterside/shared/momo-reasons";
import {
  PAYMENT_CONFIRM_DELAY_MS,
  PAYMENT_FINISHED_REDIRECT_MS,
  PAYMENT_MESSAGES,
  type TPackageType,
} from "@waterside/shared/payments-messages";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "~/lib/api-client";
import { getPaymentStatus } from "../api/get-payment-status";
import { requestPayment } from "../api/request-payment";
import { notify } from "~/lib/notify";
import { authedTransport } from "~/lib/session";

/** What is bought: a package, for an ad (a boost) or for the business (a plan, no ad). */
export interface PurchaseOrder {
  packageId: number;
  packageName: string;
  price: number;
  adId?: number;
}

/**
 * Where a purchase stands (second document §4 "Wizard submission", "Payment flow"): the phone number, the purchase
 * confirmation, the request (and the 4 seconds after it), the approval modal and its status check, the warning when
 * the payment is not confirmed yet, a payment MTN refused (with its reason, to try again), and the end.
 */
export type PurchaseStage =
  | { step: "idle" }
  | { step: "phone"; phone: string; phoneError?: string }
  | { step: "confirm"; phone: string }
  | { step: "requesting"; phone: string; sent: boolean }
  | { step: "approval"; transactionId: string; phone: string; checking: boolean }
  | { step: "failed"; phone: string; reason: string }
  | { step: "not-confirmed" }
  | { step: "finished" };

/**
 * The purchase sequence shared by the sell wizard's step 3 (type 'ad') and the Business Plan tab (type 'user'):
 * `start(order)` opens the phone-number modal; `submitPhone`, `pay`, `confirm` and `acknowledge` move it on;
 * `abandon` is what closing or cancelling any modal does. `onAbandon` and `onFinished` (3 seconds after the end,
 * spec §9) say where the user goes then. A payment MTN refuses does not end the purchase (issue 26): the user stays
 * where they are, with MTN's reason, and `retry` asks again with the same number and package, `chooseAnotherNumber`
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
    setStage({ step: "phone", phone: "" });
  }

  const submitPhone = (phone: string) => setStage({ step: "confirm", phone });

  /** §4 "Payment flow" 1–2: the request, then the approval modal 4 seconds later. */
  async function pay() {
    if ((stage.step !== "confirm" && stage.step !== "failed") || !order) return;
    const { phone } = stage;
    setStage({ step: "requesting", phone, sent: false });
    try {
      const { transaction_id } = await requestPayment(authedTransport, {
        phone_number: phone,
        package_id: order.packageId,
        ...(order.adId !== undefined && { ad_id: order.adId }),
      });
      if (!alive.current) return;
      setStage({ step: "requesting", phone, sent: true });
      later(
        () => setStage({ step: "approval", transactionId: transaction_id, phone, checking: false }),
        PAYMENT_CONFIRM_DELAY_MS,
      );
    } catch (error) {
      if (!alive.current) return;
      // §8: the server's message, else 'Error requesting payment'.
      notify("error", error instanceof ApiError && error.status > 0 ? error.message : PAYMENT_MESSAGES.requestFailed);
      // A number MTN or our rules refuse can be corrected in place; anything else ends the purchase.
      const phoneError = error instanceof ApiError ? error.errors?.phone_number?.[0] : undefined;
      if (phoneError) setStage({ step: "phone", phone, phoneError });
      else abandon();
    }
  }

  /** §4 "Payment flow" 3–4: Confirm asks where the payment stands. */
  async function confirm() {
    if (stage.step !== "approval" || stage.checking) return;
    const { transactionId, phone } = stage;
    setStage({ step: "approval", transactionId, phone, checking: true });
    try {
      const status = await getPaymentStatus(authedTransport, transactionId, type);
      if (!alive.current) return;
      if (status.status === "completed") {
        notify("success", PAYMENT_MESSAGES.successful);
        finish();
      } else if (status.status === "failed") {
        const reason = status.reason ?? MOMO_REASON_DEFAULT_TEXT;
        notify("error", PAYMENT_MESSAGES.failed(reason));
        // Nothing was charged: the user stays, to try again or with another number (issue 26).
        setStage({ step: "failed", phone, reason });
      } else {
        setStage({ step: "not-confirmed" });
      }
    } catch {
      if (!alive.current) return;
      notify("error", PAYMENT_MESSAGES.statusFailed);
      // On a slow or lost connection, Confirm can be pressed again.
      setStage({ step: "approval", transactionId, phone, checking: false });
    }
  }

  /** After a failure, the phone-number modal again, with the number that failed to correct or replace. */
  function chooseAnotherNumber() {
    if (stage.step === "failed") setStage({ step: "phone", phone: stage.phone });
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
    submitPhone,
    pay,
    confirm,
    /** After a failure: a new request with the same number and package. */
    retry: pay,
    chooseAnotherNumber,
    /** Ok on 'Payment Request Not Confirmed': the purchase ends; MTN's answer activates the boost later. */
    acknowledge: finish,
    abandon,
  };
}

export type PurchaseFlow = ReturnType<typeof usePurchaseFlow>;

import { momoPhoneError, normalizeMomoPhone, PAYMENT_MESSAGES } from "@waterside/shared/payments-messages";
import { useEffect, type ReactNode } from "react";
import { useForm, useWatch } from "react-hook-form";
import { primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-field";
import { LoadingOverlay } from "~/components/ui/loading-overlay";
import { Modal } from "~/components/ui/modal";
import { TextField } from "~/components/ui/text-field";
import { formatMoney } from "~/lib/format";
import type { PurchaseFlow, PurchaseOrder } from "../hooks/use-purchase-flow";

const PANEL =
  "mx-auto mt-[8dvh] max-h-[84dvh] w-[calc(100%-2rem)] max-w-md overflow-y-auto rounded-2xl bg-white shadow-xl";

/**
 * The purchase's modals and waits (second document §2 "Modals", §4 "Payment flow"): Set Phone Number, the purchase
 * confirmation, the approval request, a payment MTN refused (its reason, Try again, Use another number) and the
 * 'Payment Request Not Confirmed' warning, one dialog whose content follows the flow; the overlay while the request
 * is sent and after the end. `profilePhone` is the number of the
 * user's profile, offered by 'Set my phone number'.
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
            initialPhone={stage.phone}
            serverError={stage.phoneError}
            profilePhone={profilePhone}
            onCancel={flow.abandon}
            onSubmit={flow.submitPhone}
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
                  Pay {formatMoney(order.price)}
                </button>
              </>
            }
          >
            <PurchaseSummary order={order} phone={stage.phone} />
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
              A notification was sent to your Mobile Money app. Accept it (enter your MoMo PIN), then press{" "}
              <strong>Confirm</strong>.
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
              MoMo Reason: {stage.reason}
            </p>
            <p>
              Nothing was charged. {order.packageName} ({formatMoney(order.price)}) from{" "}
              <strong className="whitespace-nowrap">{stage.phone}</strong>: try again, or pay from another MTN Mobile
              Money number.
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
            <p className="text-sm text-slate-600">{PAYMENT_MESSAGES.pendingNotice}</p>
          </Panel>
        )}
      </Modal>
      {stage.step === "requesting" && (
        <LoadingOverlay
          text={stage.sent ? "Payment requested" : "Requesting payment..."}
          detail={
            stage.sent
              ? `Check the phone ${stage.phone}: MTN Mobile Money asks you to approve the payment.`
              : `Asking MTN Mobile Money to charge ${stage.phone}.`
          }
        />
      )}
      {stage.step === "finished" && <LoadingOverlay text={PAYMENT_MESSAGES.finished} />}
    </>
  );
}

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

/** Spec §2: the purchase confirmation states the package price in dollars and the phone number to be charged. */
function PurchaseSummary({ order, phone }: { order: PurchaseOrder; phone: string }) {
  return (
    <>
      <p>
        You are buying <strong>{order.packageName}</strong> for <strong>{formatMoney(order.price)}</strong> per month.
      </p>
      <p>
        MTN Mobile Money number to be charged: <strong className="whitespace-nowrap">{phone}</strong>
      </p>
      <p className="text-sm text-slate-600">No refund on cancellation. Activation can take up to 24 hours.</p>
    </>
  );
}

/**
 * Spec §2 Set Phone Number: the instructions, 'Set my phone number' (only when the profile has one), Cancel, and
 * Submit, disabled while the number is empty or breaks a rule; each rule's message shows under the field (§5). A
 * number written as people write it (0886 123 456, +231 …) is judged and sent in the spec's form, shown under the
 * field before Submit (decision 060).
 */
function PhoneStep({
  initialPhone,
  serverError,
  profilePhone,
  onCancel,
  onSubmit,
}: {
  initialPhone: string;
  serverError?: string;
  profilePhone: string | null;
  onCancel: () => void;
  onSubmit: (phone: string) => void;
}) {
  const form = useForm<{ phone_number: string }>({ mode: "onChange", defaultValues: { phone_number: initialPhone } });
  const { isValid } = form.formState;
  const typed = useWatch({ control: form.control, name: "phone_number" }) ?? "";
  const normalized = normalizeMomoPhone(typed);
  const rewritten = isValid && normalized !== typed.trim() ? `We will charge ${normalized}.` : undefined;
  useEffect(() => {
    // The number the server or MTN refused, with its words, until it is changed.
    if (serverError) form.setError("phone_number", { message: serverError });
  }, [form, serverError]);
  const submit = form.handleSubmit(({ phone_number }) => onSubmit(normalizeMomoPhone(phone_number)));
  return (
    <form onSubmit={submit} noValidate className="space-y-4 p-5 sm:p-6">
      <h2 className="text-xl font-semibold">Set Phone Number</h2>
      <p className="text-slate-700">
        Enter the MTN Mobile Money number to charge. A valid number is the country code <strong>231</strong> followed by
        the number&apos;s digits, e.g. 231881234567: no plus (+), no 00, no leading 0, no spaces or symbols. A Liberian
        number written as 0886 123 456 or +231 886 123 456 is put in that form for you.
      </p>
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
        registerOptions={{ validate: (value) => momoPhoneError(value) ?? true }}
      />
      <div className="flex flex-wrap justify-end gap-2">
        {profilePhone && (
          <button
            type="button"
            className={`${secondaryButtonClass} mr-auto`}
            onClick={() =>
              form.setValue("phone_number", profilePhone, {
                shouldValidate: true,
                shouldDirty: true,
                shouldTouch: true,
              })
            }
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

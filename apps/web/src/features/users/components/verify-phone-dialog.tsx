import { PHONE_AUTH_MESSAGES } from "@waterside/shared/phone-auth";
import type { TUser } from "@waterside/shared/users";
import { PhoneCodeFlow } from "~/components/phone-code-flow";
import { secondaryButtonClass } from "~/components/ui/form-field";
import { Modal } from "~/components/ui/modal";
import { notify } from "~/lib/notify";
import { authedTransport } from "~/lib/session";
import { sendPhoneCode } from "../api/send-phone-code";
import { verifyPhone } from "../api/verify-phone";

/**
 * "Verify phone" of Personal Details (issue 27): the number→code flow of phone sign-in in the product's dialog, against
 * /user/phone/*. The number starts as the one in the form; once the code is right the dialog closes with the updated
 * user. Each opening starts again from the number.
 */
export function VerifyPhoneDialog({
  open,
  onOpenChange,
  phoneNumber,
  onVerified,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  phoneNumber: string;
  onVerified: (user: TUser) => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      label="Verify phone"
      className="mx-auto mt-[8dvh] max-h-[84dvh] w-[calc(100%-2rem)] max-w-md overflow-y-auto rounded-2xl bg-white shadow-xl"
    >
      <div className="space-y-4 p-5 sm:p-6">
        <h2 className="text-lg font-semibold">Verify phone</h2>
        <p className="text-sm text-slate-600">
          Buyers see a verified badge beside your ads once you prove this number is yours with the code we text you.
        </p>
        <PhoneCodeFlow
          initialNumber={phoneNumber}
          send={(typed) => sendPhoneCode(authedTransport, typed)}
          verify={async (typed, code) => {
            const user = await verifyPhone(authedTransport, { phone_number: typed, code });
            notify("success", PHONE_AUTH_MESSAGES.phoneVerified);
            onVerified(user);
            onOpenChange(false);
          }}
          verifyLabel="Verify"
          verifyingLabel="Verifying…"
        />
        <button type="button" className={`${secondaryButtonClass} w-full`} onClick={() => onOpenChange(false)}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}

import { dealAmountText } from "@waterside/shared/deals-messages";
import type { TCurrency } from "@waterside/shared/money";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { createDeal } from "~/features/deals/api/create-deal";
import { SafeDealDialog, type DealAmount } from "~/features/deals/components/safe-deal-dialog";
import { PurchaseModals } from "~/features/payments/components/purchase-modals";
import { usePurchaseFlow } from "~/features/payments/hooks/use-purchase-flow";
import { authedTransport, useSession } from "~/lib/session";

/**
 * A safe deal's checkout (issue 33), loaded when "Buy with Safe Deal" is pressed: the deals feature's explainer and
 * amount, then the payments feature's flow (the wallet number, the approval, the status with the wallet's reason) with
 * POST /deals as its request. Once the deal exists, whatever ends the flow (paid, refused, left) lands on the deal.
 */
export default function SafeDealCheckout({
  ad,
  onClose,
}: {
  ad: { id: number; title: string; price_local: number; currency: TCurrency };
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const session = useSession();
  const [choosing, setChoosing] = useState(true);
  const dealId = useRef<number | null>(null);
  const leave = () => {
    if (dealId.current === null) onClose();
    else void navigate(`/deals/${dealId.current}`);
  };
  const purchase = usePurchaseFlow({ type: "ad", onAbandon: leave, onFinished: leave });

  function pay({ amount, currency }: DealAmount) {
    setChoosing(false);
    purchase.start({
      name: `Safe deal for “${ad.title}”`,
      amountText: dealAmountText(amount, currency),
      currency,
      note: "The money is held until you give the seller your release code. Nothing goes to the seller before.",
      pendingNote: "Your payment is being processed. Your deal shows “Paid, held” as soon as your wallet confirms it.",
      request: async ({ phone }) => {
        const deal = await createDeal(authedTransport, { ad_id: ad.id, amount, currency, phone_number: phone });
        dealId.current = deal.id;
        // A safe deal always has a collection to follow; the flow says the request failed otherwise.
        if (!deal.transaction_id) throw new Error("no collection to follow");
        return { transaction_id: deal.transaction_id };
      },
    });
  }

  return (
    <>
      <SafeDealDialog ad={ad} open={choosing} onClose={onClose} onContinue={pay} />
      <PurchaseModals flow={purchase} profilePhone={session.user?.phone_number ?? null} />
    </>
  );
}

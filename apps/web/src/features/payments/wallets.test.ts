import { PAYMENT_MESSAGES, walletOfPhone } from "@waterside/shared/payments-messages";
import { describe, expect, it } from "vitest";
import { ZPayerForm } from "./payer-form";
import { paymentFailedMessage, walletReason } from "./wallets";

/** The message the modal shows under the number, or the payer it submits. */
function judge(wallet: "mtn_momo" | "orange_money", phone: string) {
  const result = ZPayerForm.safeParse({ wallet, phone_number: phone, currency: "USD" });
  return result.success ? result.data : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("the wallet of a purchase", () => {
  it("keeps the spec's failure words for MTN and names Orange Money for Orange", () => {
    expect(paymentFailedMessage("mtn_momo", "The payment was declined on your phone.")).toBe(
      "Payment failed! MoMo Reason: The payment was declined on your phone.",
    );
    expect(paymentFailedMessage("orange_money", "The payment was declined on your phone.")).toBe(
      "Payment failed! Orange Money Reason: The payment was declined on your phone.",
    );
    expect(walletReason("orange_money", "No money.")).toBe("Orange Money Reason: No money.");
    expect(walletReason("mtn_momo", "No money.")).toBe("MoMo Reason: No money.");
  });

  it("judges a number by the chosen wallet's rules, so choosing the other wallet says what is wrong", () => {
    // An Orange number as Liberians write it: the switch follows it to Orange Money, where it is charged in the
    // spec's form; with MTN MoMo chosen, the spec's message.
    expect(walletOfPhone("0770 456 789")).toBe("orange_money");
    expect(judge("orange_money", "0770 456 789")).toEqual({
      wallet: "orange_money",
      phone_number: "231770456789",
      currency: "USD",
    });
    expect(judge("mtn_momo", "0770 456 789")).toEqual([`phone_number: ${PAYMENT_MESSAGES.phoneNotMomo}`]);
    expect(walletOfPhone("0886 123 456")).toBe("mtn_momo");
    expect(judge("mtn_momo", "0886 123 456")).toMatchObject({ phone_number: "231886123456" });
    expect(judge("orange_money", "0886 123 456")).toEqual([`phone_number: ${PAYMENT_MESSAGES.phoneNotOrange}`]);
    // The spec's first rules speak the same for both wallets, and a number of neither follows no wallet.
    expect(judge("orange_money", "231 77 abc")).toEqual([`phone_number: ${PAYMENT_MESSAGES.phoneDigitsOnly}`]);
    expect(judge("orange_money", "")).toEqual([`phone_number: ${PAYMENT_MESSAGES.phoneRequired}`]);
    expect(walletOfPhone("+0881234567")).toBeNull();
  });

  it("takes US$ or L$ only", () => {
    expect(ZPayerForm.safeParse({ wallet: "mtn_momo", phone_number: "231881234567", currency: "LRD" }).success).toBe(
      true,
    );
    expect(ZPayerForm.safeParse({ wallet: "mtn_momo", phone_number: "231881234567", currency: "EUR" }).success).toBe(
      false,
    );
  });
});

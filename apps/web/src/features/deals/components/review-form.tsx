import { zodResolver } from "@hookform/resolvers/zod";
import { ZCreateUserReview } from "@waterside/shared/deals";
import type { TDeal } from "@waterside/shared/deals";
import { DEAL_REVIEW_MAX } from "@waterside/shared/deals-messages";
import { clsx } from "clsx";
import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { primaryButtonClass } from "~/components/ui/form-field";
import { TextAreaField } from "~/components/ui/text-field";
import { showServerErrors } from "~/lib/form-errors";
import { notify } from "~/lib/notify";
import { authedTransport } from "~/lib/session";
import { createUserReview } from "../api/create-user-review";

const ZReviewForm = ZCreateUserReview.pick({ stars: true, content: true });
const STARS = [1, 2, 3, 4, 5] as const;

/**
 * "Leave a review" (issue 33): once a deal is proven, each party rates the other once, with stars and a few words.
 * The stars are radio buttons (arrow keys move between them); the form is POST /user-reviews' schema.
 */
export function ReviewForm({ deal, onReviewed }: { deal: TDeal; onReviewed: () => void }) {
  const headingId = useId();
  const starsErrorId = useId();
  const other = deal.role === "buyer" ? deal.seller : deal.buyer;
  const form = useForm<z.input<typeof ZReviewForm>, unknown, z.output<typeof ZReviewForm>>({
    resolver: zodResolver(ZReviewForm),
    defaultValues: { content: "" },
  });
  const chosen = Number(useWatch({ control: form.control, name: "stars" }) ?? 0);
  const starsError = form.formState.errors.stars?.message;
  const submit = form.handleSubmit(async ({ stars, content }) => {
    try {
      await createUserReview(authedTransport, { deal_id: deal.id, stars, content });
      notify("success", `Thank you: your review is on ${other.name}'s profile.`);
      onReviewed();
    } catch (error) {
      showServerErrors(error, form.setError, ["stars", "content"], "Your review could not be sent. Please try again.");
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="font-semibold">
        Leave a review of {other.name}
      </h2>
      <fieldset aria-describedby={starsError ? starsErrorId : undefined}>
        <legend className="text-sm text-slate-700">Your rating</legend>
        <div className="flex">
          {STARS.map((stars) => (
            <label
              key={stars}
              className="relative rounded has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-emerald-600"
            >
              {/* The radio covers its star, unseen: a tap, a click and the keyboard reach the control itself. */}
              <input
                type="radio"
                value={stars}
                aria-label={`${stars} star${stars === 1 ? "" : "s"}`}
                className="absolute inset-0 m-0 size-full cursor-pointer appearance-none opacity-0"
                {...form.register("stars")}
              />
              <span
                aria-hidden="true"
                className={clsx(
                  "grid size-11 place-items-center text-3xl",
                  stars <= chosen ? "text-amber-500" : "text-slate-300",
                )}
              >
                ★
              </span>
            </label>
          ))}
        </div>
        {starsError && (
          <p id={starsErrorId} role="alert" className="text-sm text-red-700">
            {starsError}
          </p>
        )}
      </fieldset>
      <TextAreaField
        form={form}
        name="content"
        label="Your review"
        rows={3}
        maxLength={DEAL_REVIEW_MAX}
        hint="How did the deal go? Others read it on their profile, marked “Verified deal”."
      />
      <button type="submit" className={primaryButtonClass} disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? "Sending…" : "Send review"}
      </button>
    </form>
  );
}

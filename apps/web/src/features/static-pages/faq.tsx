import type { ReactNode } from "react";
import { BRAND, SUPPORT_EMAIL } from "@waterside/shared/brand";
import { AD_REPORT_THRESHOLD } from "@waterside/shared/reports-messages";
import { List, StaticPage, staticPageRoute, TextLink } from "./static-page";

export const { meta, handle } = staticPageRoute({
  title: "Frequently asked questions",
  description: `Answers about posting and managing ads on ${BRAND}, contacting sellers, boost packages paid with MTN Mobile Money, resetting your password and getting support.`,
  path: "/faq",
  crumb: "FAQ",
});

/** Native disclosure, so every answer opens without JavaScript. */
function Question({ question, children }: { question: string; children: ReactNode }) {
  return (
    <details className="group rounded-lg border border-slate-200 bg-white open:shadow-sm">
      <summary className="flex cursor-pointer list-none items-start justify-between gap-4 rounded-lg p-4 font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 [&::-webkit-details-marker]:hidden">
        <span>{question}</span>
        <span
          aria-hidden="true"
          className="shrink-0 text-xl leading-none text-emerald-700 transition-transform group-open:rotate-45"
        >
          +
        </span>
      </summary>
      <div className="space-y-3 px-4 pb-4">{children}</div>
    </details>
  );
}

export default function FaqPage() {
  return (
    <StaticPage
      title="Frequently asked questions"
      lead={`Quick answers about buying and selling on ${BRAND}. Select a question to see the answer.`}
    >
      <div className="space-y-3">
        <Question question="How do I post an ad?">
          <p>
            Sign in, press <strong>Sell</strong> and follow the three steps:
          </p>
          <List ordered>
            <li>
              Post details: title, category, subcategory, location, price in USD, description and at least two photos
              (up to eight).
            </li>
            <li>Product details, such as brand, model or condition.</li>
            <li>Boost, if you want more buyers to see your ad. This is optional.</li>
          </List>
          <p>
            Posting is free. New to selling? Read <TextLink to="/how-to-sell">how to sell</TextLink>.
          </p>
        </Question>

        {/* As moderation works (decision 052): ads are live at once and reviewed after; reports can hold one. */}
        <Question question="When will my ad appear?">
          <p>
            Straight away: your ad is visible to buyers as soon as you post it. Our team then reviews new and edited
            ads, and takes down those that break our{" "}
            <TextLink to="/terms-and-conditions">terms and conditions</TextLink>.
          </p>
          <p>
            If {AD_REPORT_THRESHOLD} different users report an ad, it is taken offline until a moderator has looked at
            it. You still see your ad in <strong>My Ads</strong> on your profile while it is offline.
          </p>
        </Question>

        <Question question="How do I edit, close or delete my ad?">
          <p>
            Open your profile and go to <strong>My Ads</strong>. Choose the ad, then:
          </p>
          <List>
            <li>
              press <strong>Edit</strong> to change its details, price or photos;
            </li>
            <li>
              when the item has sold, press <strong>Mark as sold</strong>: the ad leaves the lists and search, and its
              page shows Sold for 30 days;
            </li>
            <li>
              an ad stays up for its category&apos;s time (30 days for most) and then expires; in its last 7 days, or
              after it expired, press <strong>Renew</strong> to keep it up, or <strong>Repost</strong> a sold or expired
              ad as a new one;
            </li>
            <li>
              press <strong>Delete</strong> to remove an ad for good.
            </li>
          </List>
        </Question>

        <Question question="How do I contact a seller?">
          <p>
            Open the ad and press <strong>Chat</strong> to message the seller on {BRAND}; you need to be signed in. You
            can also call the seller on the phone number shown on their profile. Never pay in advance: meet in a public
            place and check the item first.
          </p>
        </Question>

        <Question question="What are premium services?">
          <p>Premium services are boost packages that put your ad in front of more buyers.</p>
          <List>
            <li>Packages are priced in USD per month.</li>
            <li>
              You pay with MTN Mobile Money (MoMo): approve the payment request in your MoMo app, then confirm on{" "}
              {BRAND}.
            </li>
            <li>Activation can take up to 24 hours after payment.</li>
            <li>You can cancel a package at any time, but payments are not refunded.</li>
          </List>
        </Question>

        <Question question="I forgot my password. How do I reset it?">
          <p>
            On the <TextLink to="/auth">login page</TextLink>, select the <strong>Forgot Password</strong> link and
            enter your email address. We send you a 4-digit code; enter it with your new password (at least 8
            characters) to finish.
          </p>
        </Question>

        <Question question="How do I contact support?">
          <p>
            Email us at <TextLink to={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</TextLink> and tell us the email
            address on your account. See also <TextLink to="/contact-us">Contact us</TextLink>.
          </p>
        </Question>
      </div>
    </StaticPage>
  );
}

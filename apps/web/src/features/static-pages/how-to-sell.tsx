import type { ReactNode } from "react";
import { BRAND } from "@waterside/shared/brand";
import type { Route } from "./+types/how-to-sell";
import { getProviders } from "~/lib/api/get-providers";
import { ButtonLink, List, StaticPage, staticPageRoute, TextLink } from "./static-page";

export const { meta, handle } = staticPageRoute({
  title: "How to sell",
  description: `Sell on ${BRAND} in five steps: create an account, take good photos, post your ad, answer buyers and meet safely. Boost your ad with MTN Mobile Money.`,
  path: "/how-to-sell",
});

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-emerald-700 font-semibold text-white"
      >
        {number}
      </span>
      <div className="min-w-0 space-y-3">
        <h2 className="text-xl font-semibold text-slate-900">
          <span className="sr-only">Step {number}: </span>
          {title}
        </h2>
        {children}
      </div>
    </li>
  );
}

const SOCIAL_SIGN_INS = { google: "Google", facebook: "Facebook", apple: "Apple" } as const;

/** The social sign-ins the sign-in page offers (GET /auth/providers): this page mentions no other (decision 064). */
export async function loader({ context }: Route.LoaderArgs) {
  const providers = await getProviders(context.api);
  const offered = (Object.keys(SOCIAL_SIGN_INS) as Array<keyof typeof SOCIAL_SIGN_INS>).filter(
    (provider) => providers[provider].enabled,
  );
  return { socialSignIns: offered.map((provider) => SOCIAL_SIGN_INS[provider]) };
}

export default function HowToSellPage({ loaderData }: Route.ComponentProps) {
  const { socialSignIns } = loaderData;
  return (
    <StaticPage
      title="How to sell"
      lead={`Posting on ${BRAND} is free. Follow these five steps to reach buyers all over Liberia.`}
    >
      <ol className="space-y-10">
        <Step number={1} title="Create your account">
          <p>
            <TextLink to="/auth">Sign up</TextLink> with your email address and a password
            {socialSignIns.length > 0 &&
              `, or continue with ${new Intl.ListFormat("en", { type: "disjunction" }).format(socialSignIns)}`}
            . Choose an individual account, or a business account if you sell for a shop or company, so buyers can see
            your company profile.
          </p>
          <p>Add a profile photo and a phone number. Buyers trust sellers they can recognise and reach.</p>
        </Step>

        <Step number={2} title="Take good photos">
          <List>
            <li>Shoot in daylight or a bright room, against a plain background.</li>
            <li>Show the item from several angles, and close up on labels, serial numbers and any wear or damage.</li>
            <li>
              Upload at least two and up to eight photos. The first photo is the one buyers see in search results, so
              make it your best.
            </li>
            <li>Use your own photos, never pictures copied from the internet.</li>
          </List>
        </Step>

        <Step number={3} title="Post your ad">
          <p>
            Press <strong>Sell</strong> and fill in the details:
          </p>
          <List>
            <li>a clear title that says exactly what you are selling;</li>
            <li>the category and subcategory that fit the item best;</li>
            <li>your location, so nearby buyers find you;</li>
            <li>a fair price in US dollars (USD);</li>
            <li>an honest description and the product details asked for, such as brand, model, size or condition.</li>
          </List>
          <p>
            Your ad is live as soon as you post it. Our team reviews new and edited ads afterwards and takes down any
            that break our <TextLink to="/terms-and-conditions">terms and conditions</TextLink>.
          </p>
        </Step>

        <Step number={4} title="Respond to buyers">
          <p>
            Buyers contact you by chat on {BRAND} or by phone. Reply quickly and politely: sellers who answer fast sell
            faster. Keep the conversation in the {BRAND} chat where you can, so you have a record of what was agreed.
          </p>
        </Step>

        <Step number={5} title="Meet safely and sell more">
          <List>
            <li>Meet buyers in a busy public place during the day, and bring a friend for valuable items.</li>
            <li>
              Let the buyer inspect the item, and take payment only when you hand it over. Check that a mobile money
              transfer has really arrived before you let the item go.
            </li>
            <li>
              Want more buyers to see your ad? Boost it with a paid package. Packages are priced in USD per month and
              paid with MTN Mobile Money.
            </li>
          </List>
        </Step>
      </ol>

      <div className="rounded-xl bg-emerald-50 p-6 text-center sm:text-left">
        <p className="mb-4 text-lg font-semibold text-slate-900">Ready to post your first ad?</p>
        {/* Spec §2 Start Selling: a plain link, since the page has no scripts (issue 31); /sell asks a visitor to
            sign in and comes back to the form afterwards (lib/require-session.ts). */}
        <ButtonLink to="/sell">Start Selling</ButtonLink>
      </div>
    </StaticPage>
  );
}

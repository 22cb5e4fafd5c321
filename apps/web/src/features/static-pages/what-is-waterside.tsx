import { BRAND } from "@waterside/shared/brand";
import { List, Section, StaticPage, staticPageRoute, TextLink } from "./static-page";

const title = `What is ${BRAND}?`;

export const { meta, handle } = staticPageRoute({
  title,
  description: `${BRAND} is Liberia's online classifieds marketplace: browse, search and chat with sellers for free, post ads for free, and boost them with MTN Mobile Money.`,
  path: "/what-is-waterside",
});

export default function WhatIsWatersidePage() {
  return (
    <StaticPage
      title={title}
      lead={`${BRAND} is an online classifieds marketplace for Liberia: a place to buy and sell phones, cars, property, jobs, fashion, services and more, with people and businesses near you.`}
    >
      <Section title="For buyers">
        <p>
          Browsing {BRAND} is free and you do not need an account to look around. Explore the{" "}
          <TextLink to="/categories">categories</TextLink>, or search by keyword and location, then narrow the results
          by price and by the details that matter to you.
        </p>
        <p>When you find something you like, sign in to:</p>
        <List>
          <li>chat with the seller directly, or call them;</li>
          <li>save the ad and come back to it later;</li>
          <li>rate and review sellers you have dealt with;</li>
          <li>report an ad or a user that breaks the rules.</li>
        </List>
      </Section>

      <Section title="For sellers">
        <p>
          Anyone aged 18 or over can sell on {BRAND}, and posting an ad is free. Add a title, category, location, price
          in US dollars, a description and at least two photos, and buyers across Liberia can find your item. Your
          profile shows your ratings and reviews, so a good record brings more buyers. See{" "}
          <TextLink to="/how-to-sell">how to sell</TextLink> for a step-by-step guide.
        </p>
      </Section>

      <Section title="For businesses">
        <p>
          Shops and companies can open a business account with a company profile: a banner, a description and an address
          on the map. An individual account can be switched to a business account from your profile; the switch is one
          way and cannot be undone.
        </p>
      </Section>

      <Section title="Boosting an ad">
        <p>
          Free ads are listed as normal. If you want more people to see your ad, you can boost it with a paid package,
          priced in USD per month and paid with MTN Mobile Money straight from your phone. Boosted ads rank higher in
          lists and search results.
        </p>
      </Section>

      <Section title="Safe trading">
        <p>
          {BRAND} brings buyers and sellers together; the sale itself is agreed between you. Meet in a busy public
          place, check the item before you pay, and never send money in advance to someone you have not met. Our team
          reviews new ads and acts on reports from users.
        </p>
        <p>
          Questions? Read the <TextLink to="/faq">FAQ</TextLink> or <TextLink to="/contact-us">contact us</TextLink>.
        </p>
      </Section>
    </StaticPage>
  );
}

import { BRAND } from "@waterside/shared/brand";
import { ButtonLink, List, Section, StaticPage, staticPageRoute } from "./static-page";

export const { meta, handle } = staticPageRoute({
  title: "About us",
  description: `${BRAND} is a Liberian marketplace that makes buying and selling simple, safe and local. Read our mission, our vision and why people join.`,
  path: "/about-us",
});

export default function AboutUsPage() {
  return (
    <StaticPage
      title="About us"
      lead={`${BRAND} is an online marketplace built for Liberia, where anyone can buy and sell with people nearby, from Monrovia to every county.`}
    >
      <Section title="Our mission">
        <p>
          Our mission is to make buying and selling in Liberia simple, safe and open to everyone. Whether you are
          clearing out a room, running a small shop or growing a company, {BRAND} gives you a free place to show what
          you have and a direct line to the people who want it.
        </p>
      </Section>

      <Section title="Our vision">
        <p>
          We want to be the first place Liberians look when they need something, and the first place they go when they
          have something to sell: a trusted marketplace that helps local businesses grow, keeps goods in use for longer
          and puts more money in people’s pockets.
        </p>
      </Section>

      <Section title="Why join us">
        <List>
          <li>
            <strong>Free to post.</strong> Listing an ad costs nothing, and browsing needs no account.
          </li>
          <li>
            <strong>Local buyers.</strong> Search by location to find people near you and agree the deal face to face.
          </li>
          <li>
            <strong>Direct contact.</strong> Chat with buyers and sellers in the app, or call them, with no middleman.
          </li>
          <li>
            <strong>Trust built in.</strong> Ratings, reviews and reports help you choose who to deal with, and our team
            reviews new ads.
          </li>
          <li>
            <strong>Room to grow.</strong> Businesses get a company profile, and any seller can boost an ad with a
            package paid by MTN Mobile Money.
          </li>
          <li>
            <strong>Everything in one place.</strong> Phones, vehicles, property, jobs, fashion, services and much more.
          </li>
        </List>
      </Section>

      <div>
        <ButtonLink to="/auth">Join {BRAND}</ButtonLink>
      </div>
    </StaticPage>
  );
}

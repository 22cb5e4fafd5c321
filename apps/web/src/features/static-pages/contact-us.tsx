import type { MetaFunction } from "react-router";
import { BRAND, SUPPORT_EMAIL } from "@waterside/shared/brand";
import type { BreadcrumbHandle } from "~/lib/breadcrumbs";
import type { NoScriptsHandle } from "~/lib/scriptless";
import { outsideLinksOf, useOutsideLinks } from "~/lib/outside-links";
import { pageMeta, siteOrigin } from "~/lib/seo";
import { List, Section, StaticPage, TextLink } from "./static-page";

const PAGE = { title: "Contact us", path: "/contact-us" };

// Sent without React's scripts, like the other info pages (static-page.tsx).
export const handle: BreadcrumbHandle & NoScriptsHandle = {
  breadcrumb: () => ({ label: PAGE.title, to: PAGE.path }),
  scripts: false,
};

/** Spec §2 /contact-us: support email and social links; the description names only the pages configured. */
export const meta: MetaFunction = ({ matches }) => {
  const social = outsideLinksOf(matches).social.map((link) => link.name);
  const follow = social.length ? `, or follow us on ${new Intl.ListFormat("en").format(social)}` : "";
  return pageMeta(
    { ...PAGE, description: `Get help from the ${BRAND} team by email at ${SUPPORT_EMAIL}${follow}.` },
    siteOrigin(matches),
  );
};

export default function ContactUsPage() {
  const { social } = useOutsideLinks();
  return (
    <StaticPage
      title="Contact us"
      lead="Have a question, a problem with an ad or an idea for us? We are happy to help."
    >
      <Section title="Email support">
        <p>
          Write to us at <TextLink to={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</TextLink>. Tell us the email address
          on your account and, if your message is about an ad, its title or link. We answer as soon as we can.
        </p>
        <p>
          Signed in? You can also reach us from the Contact Support tab on your profile. Many answers are already in the{" "}
          <TextLink to="/faq">FAQ</TextLink>.
        </p>
      </Section>

      {social.length > 0 && (
        <Section title="Follow us">
          <p>News, tips and featured ads from {BRAND}:</p>
          <List>
            {social.map((link) => (
              <li key={link.name}>
                <TextLink to={link.href}>
                  {BRAND} on {link.name}
                </TextLink>
              </li>
            ))}
          </List>
        </Section>
      )}

      <Section title="Reporting a problem">
        <p>
          To report an ad or a user who breaks the rules, use the Report button on the ad or on their profile: it
          reaches our moderators fastest. If you think you have been the victim of fraud, also report it to the Liberia
          National Police.
        </p>
      </Section>
    </StaticPage>
  );
}

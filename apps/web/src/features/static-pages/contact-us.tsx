import { BRAND, SUPPORT_EMAIL } from "@waterside/shared/brand";
import { List, Section, StaticPage, staticPageRoute, TextLink } from "./static-page";

/** Placeholder handles until the real accounts exist; change them here only. */
export const SOCIAL_LINKS = [
  { name: "Facebook", href: "https://facebook.com/waterside.lr" },
  { name: "Instagram", href: "https://instagram.com/waterside.lr" },
  { name: "TikTok", href: "https://tiktok.com/@waterside.lr" },
  { name: "X", href: "https://x.com/waterside_lr" },
] as const;

export const { meta, handle } = staticPageRoute({
  title: "Contact us",
  description: `Get help from the ${BRAND} team by email at ${SUPPORT_EMAIL}, or follow us on Facebook, Instagram, TikTok and X.`,
  path: "/contact-us",
});

export default function ContactUsPage() {
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

      <Section title="Follow us">
        <p>News, tips and featured ads from {BRAND}:</p>
        <List>
          {SOCIAL_LINKS.map((link) => (
            <li key={link.name}>
              <TextLink to={link.href}>
                {BRAND} on {link.name}
              </TextLink>
            </li>
          ))}
        </List>
      </Section>

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

import type { ReactNode } from "react";
import { BRAND, SUPPORT_EMAIL } from "@waterside/shared/brand";
import { List, Section, StaticPage, staticPageRoute, TextLink } from "./static-page";

export const { meta, handle } = staticPageRoute({
  title: "Terms and conditions",
  description: `The terms of use of ${BRAND}, the Liberian classifieds marketplace: accounts, posting rules, paid services, privacy, liability and governing law.`,
  path: "/terms-and-conditions",
});

const supportLink = <TextLink to={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</TextLink>;

/**
 * The figures in these sections come from the spec's "Terms figures" (public side §9,
 * selling side §9); change them there first. The contents list and the numbered headings
 * are both built from this one array so they cannot drift apart.
 */
const sections: { id: string; title: string; body: ReactNode }[] = [
  {
    id: "about-these-terms",
    title: "About these terms",
    body: (
      <>
        <p>
          These terms and conditions (the “Terms”) govern your use of the {BRAND} website, mobile applications and
          related services (together, the “Service”), operated by {BRAND} (“{BRAND}”, “we”, “us” or “our”).
          {BRAND} is an online classifieds marketplace that lets people and businesses in Liberia advertise goods,
          services, vehicles, property and jobs, and contact one another.
        </p>
        <p>
          By opening an account, posting an ad, buying a paid service or otherwise using the Service, you agree to these
          Terms. If you do not agree, you must not use the Service. If you use the Service on behalf of a business, you
          confirm that you are authorised to accept these Terms for it, and “you” includes that business.
        </p>
      </>
    ),
  },
  {
    id: "eligibility-and-accounts",
    title: "Eligibility and accounts",
    body: (
      <>
        <p>
          You must be at least 18 years old to register an account, post ads or buy paid services. By using the Service
          you confirm that you are 18 or older and able to enter into a binding contract under the laws of the Republic
          of Liberia.
        </p>
        <List>
          <li>
            The information you give us when you register, including your name, email address and phone number, must be
            true, accurate and kept up to date.
          </li>
          <li>
            You may sign in with an email address and password or through a social provider (Google, Facebook or Apple).
            You are responsible for keeping your sign-in details secret and for everything done through your account.
            Tell us at once at {supportLink} if you suspect someone else is using it.
          </li>
          <li>
            You may hold an individual account or a business account. A business account must represent a genuine,
            lawfully operating business, and the company details you publish must be accurate. An individual account may
            be switched to a business account; that change cannot be reversed.
          </li>
          <li>
            You may not create an account for someone else without their permission, open a new account after we have
            suspended yours, or sell, transfer or lend your account.
          </li>
        </List>
      </>
    ),
  },
  {
    id: "our-role",
    title: "Our role",
    body: (
      <>
        <p>
          {BRAND} is a venue that brings buyers and sellers together. We are not a party to any sale, hire, tenancy,
          employment or other agreement between users, we do not own or inspect the items advertised, and we do not
          handle payment for them. Any transaction is entirely between the buyer and the seller, who are each
          responsible for the quality, safety, legality and delivery of what is sold and for paying for it.
        </p>
        <p>
          We review ads and act on reports, but we cannot check every ad or every user, and we do not guarantee the
          truth or accuracy of any ad, profile, review or message.
        </p>
      </>
    ),
  },
  {
    id: "posting-ads",
    title: "Posting ads",
    body: (
      <>
        <p>Posting ads on {BRAND} is free. When you post an ad, you agree that:</p>
        <List>
          <li>you own the item or are authorised to sell, rent or offer it, and it is actually available;</li>
          <li>the ad is placed in the correct category and subcategory and shows your real location;</li>
          <li>
            the title, description, price (in US dollars), product details and photos are accurate, honest and describe
            the item you are offering;
          </li>
          <li>the photos are your own or you have the right to use them, and show the actual item;</li>
          <li>you post each item once only, and you delete the ad when the item is no longer available;</li>
          <li>
            the ad does not contain another person’s personal information, links to other marketplaces, or contact
            details placed in the title or photos.
          </li>
        </List>
        <p>
          New and edited ads may be reviewed before they are published. We may refuse, move to another category, hide or
          remove any ad that breaks these Terms or that we reasonably consider misleading, offensive or unsafe.
        </p>
      </>
    ),
  },
  {
    id: "prohibited-items-and-conduct",
    title: "Prohibited items and conduct",
    body: (
      <>
        <p>You must not use the Service to advertise, sell or offer:</p>
        <List>
          <li>
            anything whose sale, possession or advertising is unlawful in Liberia, including stolen goods, firearms,
            ammunition and explosives, illegal drugs and controlled substances, and counterfeit or pirated goods;
          </li>
          <li>prescription medicines, human organs or remains, protected wildlife or wildlife products;</li>
          <li>
            official documents such as passports, identity cards, driving licences or certificates, or services to
            obtain them improperly;
          </li>
          <li>
            adult content or sexual services, gambling, pyramid or “get rich quick” schemes, or loans and investments
            offered without the required licence.
          </li>
        </List>
        <p>You also must not:</p>
        <List>
          <li>
            defraud, deceive, threaten, harass or abuse other users, or ask for payment in advance for goods you do not
            intend to deliver;
          </li>
          <li>
            post spam, chain messages or unrelated advertising in ads, chats or reviews, or write false reviews or
            ratings;
          </li>
          <li>collect other users’ contact details for purposes other than a genuine transaction;</li>
          <li>
            copy, scrape or harvest content from the Service by automated means, interfere with its operation, or try to
            reach parts of it you are not authorised to use;
          </li>
          <li>infringe anyone’s copyright, trade mark or other rights.</li>
        </List>
      </>
    ),
  },
  {
    id: "jobs-and-vehicles",
    title: "Rules for jobs and vehicles",
    body: (
      <>
        <p>
          <strong>Job ads.</strong> Each job ad must describe one position at a real employer and state the genuine
          terms of the job. Job ads that advertise several different positions in a single ad are deleted after 24
          hours; post each position as a separate ad. An employer or recruiter may never ask a candidate for money to
          apply, to be interviewed or to be hired.
        </p>
        <p>
          <strong>CVs.</strong> If you upload a CV or job-seeker profile, it is visible to employers and recruiters
          using the Service for 18 months from the date you upload it. You may remove it sooner at any time. Employers
          and recruiters may use CVs only to fill genuine vacancies.
        </p>
        <p>
          <strong>Vehicles.</strong> We may ask a seller of a vehicle to prove that they own it or are authorised to
          sell it, for example with the certificate of title, registration documents or a signed letter of authority
          from the owner. If satisfactory proof of ownership is not provided within 24 hours of our request, the ad is
          removed.
        </p>
      </>
    ),
  },
  {
    id: "paid-services",
    title: "Paid services and payments",
    body: (
      <>
        <p>
          Besides free ads, we offer paid services, such as boost packages and featured ads, that give an ad more
          visibility (the “ad services package”). The price of each package is shown in US dollars per month before you
          buy it.
        </p>
        <List>
          <li>
            Paid services are paid with MTN Mobile Money from the phone number you give us. You must approve the payment
            request in your mobile money app. Your mobile money provider’s own terms and charges also apply.
          </li>
          <li>A package may take up to 24 hours to become active after payment.</li>
          <li>
            You may cancel a package at any time, but payments for paid areas and featured ads are non-refundable. No
            refund is given for a cancelled package, for unused time, for an ad you delete, or for an ad we remove
            because it breaks these Terms.
          </li>
          <li>
            More visibility does not guarantee any number of views, contacts or sales. We decide how ads are ranked and
            displayed.
          </li>
          <li>
            We may change the price or contents of packages for future purchases; a change does not affect a package you
            have already paid for.
          </li>
        </List>
      </>
    ),
  },
  {
    id: "chat-reviews-reports",
    title: "Chat, reviews and reports",
    body: (
      <>
        <p>
          Signed-in users may chat with one another, rate and review sellers, reply to reviews and report ads or users.
          Messages, ratings and reviews must be honest, relevant and respectful, and must relate to a real dealing with
          the other user.
        </p>
        <p>
          We may read messages and content that are reported to us, or that our systems flag, in order to investigate
          misuse, protect users and enforce these Terms. We may remove reviews and replies that break these Terms, but
          we do not take sides in disputes about the quality of a transaction.
        </p>
      </>
    ),
  },
  {
    id: "your-content",
    title: "Your content and our intellectual property",
    body: (
      <>
        <p>
          You keep ownership of the text, photos and other material you post (“your content”). By posting it, you give{" "}
          {BRAND} a non-exclusive, royalty-free, worldwide licence, for as long as your content is on the Service, to
          host, store, copy, resize, display and distribute it, including in search results, promotions of the Service
          and on social media, so that we can run and promote the Service. You are responsible for your content and
          confirm that you have the right to grant this licence.
        </p>
        <p>
          The Service itself, including its name, logo, design, software and the way content is arranged, belongs to{" "}
          {BRAND} or its licensors. You may not copy or reuse it except as the Service allows.
        </p>
      </>
    ),
  },
  {
    id: "privacy-and-data",
    title: "Privacy and personal data",
    body: (
      <>
        <p>
          We collect the information you give us (such as your name, email address, phone number, profile photo, company
          details, ads, messages and reviews), information about how you use the Service (such as the ads you view, save
          and click), and, when you sign in with a social provider, the basic profile details that provider shares with
          us.
        </p>
        <p>
          We use this information to run your account, publish your ads, deliver messages, process paid services, show
          you relevant ads, keep the Service safe, prevent fraud and meet our legal obligations. Your name, photo,
          ratings, reviews and the contact details you choose to publish are visible to other users. We share data with
          service providers that help us run the Service (for example hosting, email and MTN Mobile Money for payments)
          and with authorities when the law requires it. We do not sell your personal data.
        </p>
        <p>
          You may delete your account from your profile at any time, or ask us by email to delete the data linked to
          your account, as explained on the <TextLink to="/delete-account">delete account</TextLink> page. We complete
          data deletion within 7 business days of a verified request, except for records we must keep by law, such as
          payment records, or to resolve a dispute or fraud investigation.
        </p>
      </>
    ),
  },
  {
    id: "safety",
    title: "Dealing with other users",
    body: (
      <>
        <p>
          Use common sense and care when dealing with people you meet through the Service. Meet in a busy public place,
          inspect the item before you pay, never send money in advance to someone you have not met, and check that a
          mobile money payment has arrived before you hand over an item. Report suspicious ads and users to us, and
          report crimes to the Liberia National Police.
        </p>
      </>
    ),
  },
  {
    id: "suspension-and-removal",
    title: "Suspension, termination and removal of content",
    body: (
      <>
        <p>
          {BRAND} may, at its discretion and with or without notice, suspend or ban any account, limit its features, and
          remove or hide any ad, review, reply, message or other content, if we reasonably believe that it breaks these
          Terms or the law, harms other users or third parties, or puts the Service at risk. We may also do so where a
          court or public authority requires it.
        </p>
        <p>
          You may stop using the Service and delete your account at any time. When an account is suspended, banned or
          deleted, its ads stop being shown, and any paid services on it end without refund. Sections that by their
          nature should continue after an account ends, including those on liability, claims and governing law, remain
          in force.
        </p>
      </>
    ),
  },
  {
    id: "disclaimers",
    title: "Disclaimers",
    body: (
      <>
        <p>
          The Service is provided “as is” and “as available”. To the fullest extent the law allows, we make no promise
          that the Service will be uninterrupted, secure or free of errors, or that any ad, user or item is genuine,
          lawful, safe or as described. We are not responsible for the acts or omissions of users, payment providers,
          network operators or other third parties.
        </p>
      </>
    ),
  },
  {
    id: "limitation-of-liability",
    title: "Limitation of liability",
    body: (
      <>
        <p>To the fullest extent permitted by the laws of Liberia:</p>
        <List>
          <li>
            we are not liable for any loss arising from a transaction or dealing between users, or from content posted
            by users;
          </li>
          <li>
            we are not liable for any indirect or consequential loss, or for loss of profit, business, revenue, goodwill
            or data, however it arises;
          </li>
          <li>
            our total liability to you for all claims arising out of or in connection with the ad services package is
            limited to USD 5,500.
          </li>
        </List>
        <p>
          Nothing in these Terms limits any liability that cannot be limited under the laws of Liberia, such as
          liability for fraud.
        </p>
      </>
    ),
  },
  {
    id: "indemnity",
    title: "Indemnity",
    body: (
      <p>
        You agree to compensate {BRAND} and its staff for any claim, loss, penalty or reasonable cost (including legal
        fees) brought by a third party or a public authority that arises from your content, your dealings with other
        users, or your breach of these Terms or of the law.
      </p>
    ),
  },
  {
    id: "claims-and-disputes",
    title: "Claims and disputes",
    body: (
      <>
        <p>
          If you have a complaint, please contact us first at {supportLink} so that we can try to resolve it informally.
          If it is not resolved within 30 days, either of us may take the matter to the courts named under “Governing
          law and jurisdiction” below.
        </p>
        <p>
          Any legal claim or cause of action arising out of or relating to these Terms or the Service must be brought
          within one year after it arose; otherwise it is permanently barred.
        </p>
      </>
    ),
  },
  {
    id: "governing-law",
    title: "Governing law and jurisdiction",
    body: (
      <p>
        These Terms, and any dispute or claim arising out of or in connection with them or the Service, are governed by
        the laws of the Republic of Liberia. The courts of the Republic of Liberia sitting in Monrovia, Montserrado
        County, have exclusive jurisdiction.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to the Service and to these Terms",
    body: (
      <p>
        We may change, suspend or stop any part of the Service. We may also update these Terms from time to time; the
        current version is always on this page. When a change is significant we will tell you, for example by email or a
        notice in the Service. If you keep using the Service after a change takes effect, you accept the updated Terms.
      </p>
    ),
  },
  {
    id: "general",
    title: "General",
    body: (
      <p>
        These Terms are the whole agreement between you and {BRAND} about the Service. If any part of them is found
        invalid or unenforceable, the rest remains in force. If we do not enforce a right straight away, we may still
        enforce it later. You may not transfer your rights under these Terms; we may transfer ours to a business that
        takes over the Service.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <p>
        Questions about these Terms? Email us at {supportLink} or see <TextLink to="/contact-us">Contact us</TextLink>.
      </p>
    ),
  },
];

export default function TermsAndConditionsPage() {
  return (
    <StaticPage
      title="Terms and conditions"
      lead={`Please read these terms carefully. They set out the rules for using ${BRAND} and your rights and responsibilities, and ours.`}
    >
      <div className="rounded-lg bg-slate-50 p-4 sm:p-6">
        <p className="mb-3 font-semibold text-slate-900">Contents</p>
        <List ordered>
          {sections.map((section) => (
            <li key={section.id}>
              <TextLink to={`#${section.id}`}>{section.title}</TextLink>
            </li>
          ))}
        </List>
      </div>

      {sections.map((section, index) => (
        <Section key={section.id} id={section.id} title={`${index + 1}. ${section.title}`}>
          {section.body}
        </Section>
      ))}
    </StaticPage>
  );
}

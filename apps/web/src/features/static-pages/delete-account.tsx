import { BRAND, SUPPORT_EMAIL } from "@waterside/shared/brand";
import { ButtonLink, List, Section, StaticPage, staticPageRoute, TextLink } from "./static-page";

/** Spec §2 /delete-account: the subject social providers (Facebook) expect for a deletion request. */
const DELETION_SUBJECT = "Facebook Data Deletion";
const deletionMailto = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(DELETION_SUBJECT)}`;

export const { meta, handle } = staticPageRoute({
  title: "Delete your account and data",
  description: `How to delete your ${BRAND} account, or ask us by email to delete the data from your Facebook, Google or Apple sign-in. Deletion is completed within 7 business days.`,
  path: "/delete-account",
  crumb: "Delete account",
});

export default function DeleteAccountPage() {
  return (
    <StaticPage
      title="Delete your account and data"
      lead={`You can delete your ${BRAND} account yourself, or ask us to delete the data we hold about you, including data received when you signed in with Facebook, Google or Apple.`}
    >
      <Section title="Delete your account yourself">
        <p>
          If you can sign in, the quickest way is to delete your account from your profile. Deleting your account is
          permanent: your profile and ads are removed and cannot be recovered, and any active boost package ends without
          a refund.
        </p>
        <div>
          <ButtonLink to="/profile?tab=delete-account" tone="danger">
            Delete My Account
          </ButtonLink>
        </div>
        <p className="text-sm text-slate-600">If you are not signed in, you will be asked to sign in first.</p>
      </Section>

      <Section title="Request data deletion by email">
        <p>
          If you signed in with Facebook (or another social provider) and want us to delete the data linked to that
          sign-in, or you can no longer sign in, send us a request by email:
        </p>
        <List ordered>
          <li>
            Write to <TextLink to={deletionMailto}>{SUPPORT_EMAIL}</TextLink> with the subject{" "}
            <strong>{DELETION_SUBJECT}</strong>.
          </li>
          <li>
            Send it from the email address registered on your {BRAND} account, and include your full name as shown on
            your profile.
          </li>
          <li>Say whether you want your whole account deleted or only the data received from your social sign-in.</li>
        </List>
        <p>
          We may contact you to confirm that the request comes from you. We delete your data within 7 business days of
          receiving a verified request, and email you when it is done.
        </p>
      </Section>

      <Section title="What we keep">
        <p>
          We keep only the records the law requires us to keep, such as records of payments made with mobile money, or
          information needed to resolve a dispute or a fraud investigation that is under way. For more detail, see our{" "}
          <TextLink to="/terms-and-conditions">terms and conditions</TextLink>.
        </p>
      </Section>

      <Section title="Removing the app from Facebook">
        <p>
          You can also remove {BRAND} from your Facebook account at any time in Facebook under Settings &amp; privacy,
          Settings, Apps and websites. This stops Facebook sharing new data with us; to delete data we already hold,
          send the email request above.
        </p>
      </Section>
    </StaticPage>
  );
}

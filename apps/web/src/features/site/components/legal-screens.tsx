import { LegalDocument } from './legal-document';
import { PRIVACY_POLICY_UPDATED, usePrivacySections } from './privacy-content';
import { useRefundSections } from './refund-content';
import { useTermsSections } from './terms-content';

/** Where the legal pages link to; the app passes its registered paths. */
export interface LegalLinks {
  terms: string;
  privacy: string;
  refund: string;
  contact: string;
  subscriptions: string;
}

/** /terms-condition: the Terms & Conditions. */
export function TermsScreen({ links }: { links: LegalLinks }) {
  const sections = useTermsSections({
    privacy: links.privacy,
    refund: links.refund,
    subscriptions: links.subscriptions,
  });
  return (
    <LegalDocument
      title="Terms & Conditions"
      intro="Please read these terms before you use the service: they explain what you get, what you pay and what we are not responsible for."
      sections={sections}
    />
  );
}

/** /privacy-policy: the privacy policy (last updated 6-Nov-2022). */
export function PrivacyScreen({ links }: { links: LegalLinks }) {
  const sections = usePrivacySections({ terms: links.terms, contact: links.contact });
  return (
    <LegalDocument
      title="Privacy Policy"
      updated={PRIVACY_POLICY_UPDATED}
      intro="This policy explains what personal data we collect when you use the service, why, and the choices you have."
      sections={sections}
    />
  );
}

/** /refund-policy: payments are final; disruptions are made good with extra time. */
export function RefundScreen({ links }: { links: LegalLinks }) {
  const sections = useRefundSections({
    subscriptions: links.subscriptions,
    contact: links.contact,
    terms: links.terms,
  });
  return (
    <LegalDocument
      title="Refund Policy"
      intro="In short: payments are non-refundable and non-transferable, and a disruption is made good with extra hours or days on your plan."
      sections={sections}
    />
  );
}

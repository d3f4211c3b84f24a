import { PrivacyScreen, RefundScreen, TermsScreen } from '../../features/site/components/legal-screens';
import { PageTitle } from '../page-title';
import { paths } from '../paths';

const LINKS = {
  terms: paths.termsCondition,
  privacy: paths.privacyPolicy,
  refund: paths.refundPolicy,
  contact: paths.contactUs,
  subscriptions: paths.subscriptions,
};

/** /terms-condition. */
export function TermsConditionRoute() {
  return (
    <>
      <PageTitle name="Terms & Conditions" />
      <TermsScreen links={LINKS} />
    </>
  );
}

/** /privacy-policy. */
export function PrivacyPolicyRoute() {
  return (
    <>
      <PageTitle name="Privacy Policy" />
      <PrivacyScreen links={LINKS} />
    </>
  );
}

/** /refund-policy. */
export function RefundPolicyRoute() {
  return (
    <>
      <PageTitle name="Refund Policy" />
      <RefundScreen links={LINKS} />
    </>
  );
}

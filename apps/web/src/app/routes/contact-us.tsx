import { PlanComparisonTable } from '../../components/plan-comparison-table';
import { QUIKTRADE_PLAN_COMPARISON } from '../../components/plan-comparisons';
import { ContactScreen } from '../../features/site/components/contact-screen';
import { PageTitle } from '../page-title';
import { paths } from '../paths';

/** /contact-us: the support channels, the Scalper/Pro comparison, the terms in short and the disclaimer. */
export function ContactUsRoute() {
  return (
    <>
      <PageTitle name="Contact Us" />
      <ContactScreen
        termsPath={paths.termsCondition}
        comparison={<PlanComparisonTable comparison={QUIKTRADE_PLAN_COMPARISON} />}
      />
    </>
  );
}

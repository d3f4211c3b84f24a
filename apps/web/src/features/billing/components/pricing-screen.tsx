import type { Package, ProductType } from '@fnodesk/contracts';
import { isInQuikTradePeriod, type QuikTradePeriod } from '@fnodesk/domain';
import { useState } from 'react';
import { Alert, Button, Col, Container, Row } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { LoadingButton } from '../../../components/loading-button';
import { PageSpinner } from '../../../components/page-spinner';
import { PlanComparisonTable } from '../../../components/plan-comparison-table';
import { DISCOVER_PLAN_COMPARISON, QUIKTRADE_PLAN_COMPARISON } from '../../../components/plan-comparisons';
import { usePackageList } from '../api/get-package-list';
import { useChoosePlan } from '../hooks/use-choose-plan';
import { useSessionEntitlements } from '../hooks/use-session-entitlements';
import { useStartTrial } from '../hooks/use-start-trial';
import type { BillingLinks } from '../utils/billing-links';
import { formatRupeeAmount, productName } from '../utils/plan-display';
import { readSelectedPlan } from '../utils/selected-plan';
import { PlanCard } from './plan-card';
import { PleaseLoginPopup } from './please-login-popup';
import { ProductSwitch } from './product-switch';
import { QuikTradePeriodSelector } from './quiktrade-period-selector';
import './billing.css';

/** `/discover/pricing` and `/quiktrade/pricing` (spec §2): the product switch, the plans, and the comparison. */
export function PricingScreen({ product, links }: { product: ProductType; links: BillingLinks }) {
  const navigate = useNavigate();
  const packages = usePackageList(product);
  const session = useSessionEntitlements();
  const { choose, pendingPackageId, loginPrompt, closeLoginPrompt } = useChoosePlan(links.payment);
  const trial = useStartTrial();
  const [period, setPeriod] = useState<QuikTradePeriod>('1M');
  const [trialLoginPrompt, setTrialLoginPrompt] = useState(false);
  const remembered = readSelectedPlan();
  const name = productName(product);

  const startTrial = () => {
    if (!session.signedIn) {
      setTrialLoginPrompt(true);
      return;
    }
    trial.start(product, { destination: links.charts });
  };

  const trialCard = (pkg: Package) => {
    const used = session.signedIn && !(product === 'd' ? session.trialAllowed : session.tradeTrailAllowed);
    return (
      <PlanCard
        pkg={pkg}
        action={
          <LoadingButton variant="outline-primary" loading={trial.isPending} onClick={startTrial}>
            Start Trial
          </LoadingButton>
        }
        note={
          used &&
          pkg.purchasable && (
            <Button variant="link" size="sm" onClick={() => choose(pkg)} disabled={pendingPackageId !== null}>
              Trial used? Buy a {pkg.numberOfDays}-day pass for {formatRupeeAmount(pkg.finalPrice)}
            </Button>
          )
        }
      />
    );
  };

  const buyCard = (pkg: Package) => {
    const needsPlan = pkg.kind === 'addon' && !session.activeTradeSubscription;
    return (
      <PlanCard
        pkg={pkg}
        action={
          <LoadingButton
            variant="primary"
            loading={pendingPackageId === pkg.id}
            disabled={pendingPackageId !== null || (session.signedIn && needsPlan)}
            onClick={() => choose(pkg)}
          >
            Buy this Plan
          </LoadingButton>
        }
        note={
          session.signedIn &&
          needsPlan && <span className="small text-body-secondary text-center">Needs an active QuikTrade plan</span>
        }
      />
    );
  };

  const cards = (list: readonly Package[]) => (
    <Row xs={1} md={2} xl={4} className="g-4 mb-5">
      {list.map((pkg) => (
        <Col key={pkg.id}>{pkg.kind === 'trial' ? trialCard(pkg) : buyCard(pkg)}</Col>
      ))}
    </Row>
  );

  let body;
  if (packages.isPending) {
    body = <PageSpinner label="Loading plans…" />;
  } else if (packages.isError) {
    body = (
      <Alert variant="danger" className="d-flex align-items-center justify-content-between gap-3">
        The plans could not be loaded.
        <Button variant="outline-danger" size="sm" onClick={() => void packages.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (product === 'd') {
    body = cards(packages.data);
  } else {
    const inPeriod = packages.data.filter((p) => p.kind !== 'plan' || isInQuikTradePeriod(p.id, period));
    body = (
      <>
        <div className="d-flex justify-content-center mb-4">
          <QuikTradePeriodSelector value={period} onChange={setPeriod} packages={packages.data} />
        </div>
        {cards(inPeriod)}
      </>
    );
  }

  return (
    <section className="pricing-screen py-4 py-lg-5">
      <Container>
        <ProductSwitch current={product} links={{ d: links.discoverPricing, qt: links.quiktradePricing }} />
        <header className="text-center mb-4">
          <h1 className="fw-bold">{name} Pricing</h1>
          <p className="lead text-body-secondary mb-0">
            Plans for all traders, from the first trade to the full-time desk. Prices exclude 18% GST.
          </p>
        </header>
        {session.signedIn && remembered !== null && remembered.productType === product && (
          <Alert variant="info" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
            <span>
              You chose the <strong>{remembered.planName}</strong> plan.
            </span>
            <Button size="sm" onClick={() => void navigate(links.payment)}>
              Continue to payment
            </Button>
          </Alert>
        )}
        {body}
        <PlanComparisonTable comparison={product === 'd' ? DISCOVER_PLAN_COMPARISON : QUIKTRADE_PLAN_COMPARISON} />
      </Container>
      <PleaseLoginPopup show={loginPrompt} loginPath={links.login} onClose={closeLoginPrompt} />
      <PleaseLoginPopup show={trialLoginPrompt} loginPath={links.login} onClose={() => setTrialLoginPrompt(false)} />
    </section>
  );
}

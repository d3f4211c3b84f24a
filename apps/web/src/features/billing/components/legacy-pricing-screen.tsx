import { BILLING_MESSAGES, type Package } from '@fnodesk/contracts';
import { useState } from 'react';
import { Alert, Button, Card, Col, Container, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { InfoPopup } from '../../../components/info-popup';
import { PageSpinner } from '../../../components/page-spinner';
import { useCheckPromoCode } from '../api/check-promo-code';
import { usePackageList } from '../api/get-package-list';
import { useChoosePlan } from '../hooks/use-choose-plan';
import { useSessionEntitlements } from '../hooks/use-session-entitlements';
import { useStartTrial } from '../hooks/use-start-trial';
import type { BillingLinks } from '../utils/billing-links';
import { billingErrorMessage } from '../utils/error-message';
import { discoverPlans, formatRupeeAmount, validityLabel } from '../utils/plan-display';
import { DISCOVER_PLAN_BULLETS } from '../utils/plan-features';
import { promoFeedback } from '../utils/promo-feedback';
import { PlanIcon } from './plan-icon';
import { PromoCodeForm, type PromoFormFeedback } from './promo-code-form';
import './billing.css';

interface AppliedPromo {
  code: string;
  finalPrice: number;
}

function LegacyPlanCard({
  pkg,
  signedIn,
  trialAllowed,
  links,
  onSelect,
}: {
  pkg: Package;
  signedIn: boolean;
  trialAllowed: boolean;
  links: BillingLinks;
  onSelect: (pkg: Package, promo: string | null) => void;
}) {
  const isTrial = pkg.kind === 'trial';
  const check = useCheckPromoCode();
  const [feedback, setFeedback] = useState<PromoFormFeedback | null>(null);
  const [applied, setApplied] = useState<AppliedPromo | null>(null);

  const apply = (code: string) => {
    check.mutate(
      { packageId: pkg.id, promoCode: code },
      {
        onSuccess: (result) => {
          const verdict = promoFeedback(result, pkg.id);
          const entry = result.plans.find((p) => p.packageId === pkg.id);
          setFeedback({ kind: verdict.kind === 'applied' ? 'success' : 'error', message: verdict.message });
          setApplied(verdict.kind === 'applied' && entry ? { code: verdict.code, finalPrice: entry.finalPrice } : null);
        },
        onError: (error) => setFeedback({ kind: 'error', message: billingErrorMessage(error) }),
      },
    );
  };

  return (
    <Card as="article" className="plan-card h-100 shadow-sm text-center" aria-label={`${pkg.planName} plan`}>
      <Card.Body className="d-flex flex-column">
        <div className="mb-2">
          <PlanIcon planName={pkg.planName} size={40} />
        </div>
        <h2 className="h5">{pkg.planName}</h2>
        <p className="fs-2 fw-bold mb-0 text-nowrap">
          {isTrial ? 'Free' : formatRupeeAmount(applied?.finalPrice ?? pkg.finalPrice)}
        </p>
        {applied && (
          <p className="small text-body-secondary mb-0">
            <del>{formatRupeeAmount(pkg.finalPrice)}</del>
          </p>
        )}
        {!isTrial && <p className="small text-body-secondary mb-1">All inclusive</p>}
        <p className="fw-semibold">{validityLabel(pkg.numberOfDays)}</p>
        <ul className="plan-bullets list-unstyled small text-start mb-4">
          {DISCOVER_PLAN_BULLETS.map((bullet) => (
            <li key={bullet}>{bullet}</li>
          ))}
        </ul>
        <div className="mt-auto d-grid gap-2">
          {signedIn ? (
            <>
              {!isTrial && <PromoCodeForm onApply={apply} busy={check.isPending} feedback={feedback} />}
              {isTrial && !trialAllowed ? (
                <Button variant="secondary" disabled>
                  {BILLING_MESSAGES.trialExpired}
                </Button>
              ) : (
                <Button variant="primary" onClick={() => onSelect(pkg, applied?.code ?? null)}>
                  Select Plan
                </Button>
              )}
            </>
          ) : (
            <Link to={links.login} className="btn btn-outline-primary">
              Login
            </Link>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}

/** `/pricing` (spec §2, legacy): the Discover plans in a grid, promo input, Select Plan and 'Are You Sure?'. */
export function LegacyPricingScreen({ links }: { links: BillingLinks }) {
  const packages = usePackageList('d');
  const session = useSessionEntitlements();
  const { choose, pendingPackageId } = useChoosePlan(links.payment);
  const trial = useStartTrial();
  const [confirming, setConfirming] = useState<{ pkg: Package; promo: string | null } | null>(null);

  const onYes = () => {
    if (!confirming) return;
    const { pkg, promo } = confirming;
    if (pkg.kind === 'trial') {
      trial.start('d', { destination: links.optionChainCharts, message: BILLING_MESSAGES.trialActivatedLegacy });
    } else {
      choose(pkg, promo);
    }
    setConfirming(null);
  };

  return (
    <section className="pricing-screen py-4 py-lg-5">
      <Container>
        <header className="text-center mb-4">
          <h1 className="fw-bold">Pricing</h1>
          <p className="lead text-body-secondary mb-0">Choose the Discover plan that fits your trading.</p>
        </header>
        {packages.isPending && <PageSpinner label="Loading plans…" />}
        {packages.isError && (
          <Alert variant="danger" className="d-flex align-items-center justify-content-between gap-3">
            The plans could not be loaded.
            <Button variant="outline-danger" size="sm" onClick={() => void packages.refetch()}>
              Try again
            </Button>
          </Alert>
        )}
        {packages.isSuccess && (
          <Row xs={1} md={2} xl={4} className="g-4">
            {discoverPlans(packages.data).map((pkg) => (
              <Col key={pkg.id}>
                <LegacyPlanCard
                  pkg={pkg}
                  signedIn={session.signedIn}
                  trialAllowed={session.trialAllowed}
                  links={links}
                  onSelect={(selected, promo) => setConfirming({ pkg: selected, promo })}
                />
              </Col>
            ))}
          </Row>
        )}
      </Container>
      <InfoPopup
        show={confirming !== null || pendingPackageId !== null || trial.isPending}
        title={BILLING_MESSAGES.areYouSure}
        lines={[confirming ? `You are choosing the ${confirming.pkg.planName} plan.` : 'One moment…']}
        primary={{ label: 'Yes', onClick: onYes, busy: pendingPackageId !== null || trial.isPending }}
        secondary={{ label: 'No', onClick: () => setConfirming(null), busy: pendingPackageId !== null }}
      />
    </section>
  );
}

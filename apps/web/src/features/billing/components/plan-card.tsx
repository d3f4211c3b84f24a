import type { Package } from '@fnodesk/contracts';
import type { ReactNode } from 'react';
import { Badge, Card } from 'react-bootstrap';
import { formatRupeeAmount, validityLabel } from '../utils/plan-display';
import { planBullets } from '../utils/plan-features';
import { PlanIcon } from './plan-icon';

/** A plan card of the pricing pages: icon, name, badge, price (before GST), validity, bullets and its action. */
export function PlanCard({ pkg, action, note }: { pkg: Package; action: ReactNode; note?: ReactNode }) {
  const b = pkg.breakdown;
  const free = pkg.kind === 'trial';
  const headingId = `plan-${pkg.id}`;
  return (
    <Card as="article" className="plan-card h-100 shadow-sm" aria-labelledby={headingId}>
      <Card.Body className="d-flex flex-column">
        <div className="d-flex align-items-start justify-content-between gap-2 mb-3">
          <div className="d-flex align-items-center gap-2 min-w-0">
            <PlanIcon planName={pkg.planName} />
            <div>
              <h3 id={headingId} className="h5 mb-0">
                {pkg.planName}
              </h3>
              <span className="small text-body-secondary">{pkg.planType}</span>
            </div>
          </div>
          {b !== null && b.discountPercent > 0 && (
            <Badge bg="success" className="flex-shrink-0">
              {b.discountPercent}% off
            </Badge>
          )}
        </div>
        <div className="mb-3">
          {free ? (
            <p className="fs-2 fw-bold mb-0">Free</p>
          ) : (
            b !== null && (
              <>
                {b.discount > 0 && (
                  <p className="mb-0 text-body-secondary">
                    <del aria-label={`Was ${formatRupeeAmount(b.netPrice)}`}>{formatRupeeAmount(b.netPrice)}</del>
                  </p>
                )}
                <p className="fs-2 fw-bold mb-0 text-nowrap">{formatRupeeAmount(b.priceAfterDiscount)}</p>
                <p className="small text-body-secondary mb-0">
                  + 18% GST · {formatRupeeAmount(b.pricePerMonth)} / month
                </p>
              </>
            )
          )}
          <p className="mb-0 mt-1 fw-semibold">Validity: {validityLabel(pkg.numberOfDays)}</p>
        </div>
        <ul className="plan-bullets list-unstyled small mb-4">
          {planBullets(pkg).map((bullet) => (
            <li key={bullet}>{bullet}</li>
          ))}
        </ul>
        <div className="mt-auto d-grid gap-2">
          {action}
          {note}
        </div>
      </Card.Body>
    </Card>
  );
}

import type { SubscriptionEntry } from '@fnodesk/contracts';
import { useState } from 'react';
import { Alert, Badge, Button, Card, Container, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { InfoPopup } from '../../../components/info-popup';
import { LoadingButton } from '../../../components/loading-button';
import { PageSpinner } from '../../../components/page-spinner';
import { useSubscriptionPayments } from '../api/get-subscription-payments';
import { useSubscriptions } from '../api/get-subscriptions';
import { useUpdateSubscription } from '../api/update-subscription';
import type { BillingLinks } from '../utils/billing-links';
import { billingErrorMessage } from '../utils/error-message';
import { formatIstDate, formatIstDateTime, formatRupeeAmount, productName } from '../utils/plan-display';
import './billing.css';

const STATUS_BADGE: Record<SubscriptionEntry['status'], { bg: string; label: string }> = {
  active: { bg: 'success', label: 'Active' },
  upcoming: { bg: 'info', label: 'Upcoming' },
  expired: { bg: 'secondary', label: 'Expired' },
};

const KIND_LABEL: Record<SubscriptionEntry['kind'], string> = { trial: 'Free trial', plan: 'Plan', addon: 'Add-on' };

function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Alert variant="danger" className="d-flex align-items-center justify-content-between gap-3">
      {what} could not be loaded.
      <Button variant="outline-danger" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

/** 'My Plans': each period with its validity, status and auto-renewal (switch on, or cancel). */
function MyPlans({ links }: { links: BillingLinks }) {
  const subscriptions = useSubscriptions();
  const update = useUpdateSubscription();
  const [cancelling, setCancelling] = useState<SubscriptionEntry | null>(null);

  const setAutoRenew = (entry: SubscriptionEntry, autoRenew: boolean) => {
    update.mutate(
      { id: entry.id, autoRenew },
      {
        onSuccess: () =>
          toast.success(autoRenew ? `${entry.planType} will renew automatically.` : 'Auto-renewal cancelled.'),
        onError: (error) => {
          toast.error(billingErrorMessage(error));
        },
        onSettled: () => setCancelling(null),
      },
    );
  };

  if (subscriptions.isPending) return <PageSpinner label="Loading your plans…" />;
  if (subscriptions.isError) return <LoadFailed what="Your plans" onRetry={() => void subscriptions.refetch()} />;
  if (subscriptions.data.length === 0) {
    return (
      <Card body className="text-center">
        <p className="mb-2">You have no plans yet.</p>
        <Link to={links.discoverPricing} className="btn btn-primary">
          See the plans
        </Link>
      </Card>
    );
  }
  return (
    <>
      <Table responsive hover className="align-middle">
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Plan</th>
            <th scope="col">Starts</th>
            <th scope="col">Valid till</th>
            <th scope="col">Status</th>
            <th scope="col">Renewal</th>
          </tr>
        </thead>
        <tbody>
          {subscriptions.data.map((entry) => {
            const badge = STATUS_BADGE[entry.status];
            const busy = update.isPending && update.variables.id === entry.id;
            return (
              <tr key={entry.id} data-subscription={entry.packageId}>
                <td>{productName(entry.product)}</td>
                <td>
                  {entry.planName}
                  <span className="d-block small text-body-secondary">{KIND_LABEL[entry.kind]}</span>
                </td>
                <td>{formatIstDate(entry.startsAt)}</td>
                <td data-valid-till={entry.endsAt}>{formatIstDate(entry.endsAt)}</td>
                <td>
                  <Badge bg={badge.bg}>{badge.label}</Badge>
                </td>
                <td>
                  {entry.autoRenew ? (
                    <LoadingButton
                      size="sm"
                      variant="outline-danger"
                      loading={busy}
                      onClick={() => setCancelling(entry)}
                    >
                      Cancel renewal
                    </LoadingButton>
                  ) : entry.renewable ? (
                    <LoadingButton
                      size="sm"
                      variant="outline-primary"
                      loading={busy}
                      onClick={() => setAutoRenew(entry, true)}
                    >
                      Renew automatically
                    </LoadingButton>
                  ) : (
                    <span className="small text-body-secondary">—</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      <p className="small text-body-secondary">
        A renewing plan gets a payment link by e-mail three days before it ends; the new period starts when the current
        one ends. Payments are non-refundable.
      </p>
      <InfoPopup
        show={cancelling !== null}
        title="Cancel auto-renewal?"
        lines={[
          cancelling
            ? `${cancelling.planType} stays active until ${formatIstDate(cancelling.endsAt)} and will not renew.`
            : '',
        ]}
        primary={{
          label: 'Cancel renewal',
          variant: 'danger',
          busy: update.isPending,
          onClick: () => cancelling && setAutoRenew(cancelling, false),
        }}
        secondary={{ label: 'Keep it', onClick: () => setCancelling(null), busy: update.isPending }}
      />
    </>
  );
}

/** The payments list: amount, the validity each bought (`packageEndTime`) and the receipt. */
function Payments({ links }: { links: BillingLinks }) {
  const payments = useSubscriptionPayments();
  if (payments.isPending) return <PageSpinner label="Loading your payments…" />;
  if (payments.isError) return <LoadFailed what="Your payments" onRetry={() => void payments.refetch()} />;
  if (payments.data.length === 0) return <p className="text-body-secondary">No payments yet.</p>;
  return (
    <Table responsive hover className="align-middle">
      <thead>
        <tr>
          <th scope="col">Paid on</th>
          <th scope="col">Receipt no.</th>
          <th scope="col">Plan</th>
          <th scope="col" className="text-end">
            Amount
          </th>
          <th scope="col">Valid till</th>
          <th scope="col">
            <span className="visually-hidden">Receipt</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {payments.data.map((payment) => (
          <tr key={payment.id}>
            <td>{formatIstDateTime(payment.paidAt)}</td>
            <td>{payment.receiptNumber}</td>
            <td>{payment.planType}</td>
            <td className="text-end">{formatRupeeAmount(payment.amount)}</td>
            <td>{formatIstDate(payment.packageEndTime)}</td>
            <td>
              <Link to={links.receipt(payment.id)}>View receipt</Link>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** `/subscriptions` ('My Subscriptions'): the user's plans (with renewal) and payments. */
export function SubscriptionsScreen({ links }: { links: BillingLinks }) {
  return (
    <section className="subscriptions-screen py-4 py-lg-5">
      <Container>
        <header className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-4">
          <h1 className="h3 fw-bold mb-0">My Subscriptions</h1>
          <div className="d-flex gap-2">
            <Link to={links.discoverPricing} className="btn btn-outline-primary btn-sm">
              Discover plans
            </Link>
            <Link to={links.quiktradePricing} className="btn btn-outline-primary btn-sm">
              QuikTrade plans
            </Link>
          </div>
        </header>
        <h2 className="h5 mb-3">My Plans</h2>
        <MyPlans links={links} />
        <h2 className="h5 mt-5 mb-3">Payments</h2>
        <Payments links={links} />
      </Container>
    </section>
  );
}

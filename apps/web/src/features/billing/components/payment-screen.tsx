import type { CheckoutSuccess, SubscriptionOrder } from '@fnodesk/contracts';
import { formatPaiseAsRupees } from '@fnodesk/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Card, Col, Container, Form, Row } from 'react-bootstrap';
import { Link, Navigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { LoadingButton } from '../../../components/loading-button';
import { PageSpinner } from '../../../components/page-spinner';
import { useCheckPromoCode } from '../api/check-promo-code';
import { paymentOrderForPlanQueryOptions } from '../api/initiate-subscription';
import { paymentOrderQueryOptions } from '../api/get-payment-order';
import { usePaymentConfig } from '../api/get-payment-config';
import { useCompletePurchase } from '../hooks/use-complete-purchase';
import { useSessionEntitlements } from '../hooks/use-session-entitlements';
import type { BillingLinks } from '../utils/billing-links';
import { billingErrorMessage } from '../utils/error-message';
import { promoFeedback, reappliedPromoFeedback } from '../utils/promo-feedback';
import { openRazorpayCheckout } from '../utils/razorpay-checkout';
import { isTrialPlan, readSelectedPlan, rememberSelectedPlan, type SelectedPlan } from '../utils/selected-plan';
import { PleaseLoginPopup } from './please-login-popup';
import { PriceBreakupTable } from './price-breakup-table';
import { PromoCodeForm, type PromoFormFeedback } from './promo-code-form';
import { TestCheckoutModal } from './test-checkout-modal';
import './billing.css';

function ReadOnlyField({ label, value, id }: { label: string; value: string; id: string }) {
  return (
    <Form.Group as={Row} className="mb-2" controlId={id}>
      <Form.Label column sm={3} className="text-body-secondary">
        {label}
      </Form.Label>
      <Col sm={9}>
        <Form.Control readOnly value={value} />
      </Col>
    </Form.Group>
  );
}

/**
 * `/payment` (spec §2): the plan's price breakup, the promo input, the read-only payment details and Pay. The order
 * comes from the server for the remembered plan (or from a renewal's pay link, `?order=`); without either the user
 * is sent to Discover pricing.
 */
export function PaymentScreen({ links }: { links: BillingLinks }) {
  const [params] = useSearchParams();
  const orderId = params.get('order');
  const session = useSessionEntitlements();
  const [plan, setPlan] = useState<SelectedPlan | null>(() => readSelectedPlan());
  const [loginPrompt, setLoginPrompt] = useState(true);

  if (orderId === null && plan === null) return <Navigate replace to={links.discoverPricing} />;
  if (!session.signedIn) {
    return (
      <Container className="py-5 text-center">
        <PageSpinner label="Waiting for login…" />
        <PleaseLoginPopup show={loginPrompt} loginPath={links.login} onClose={() => setLoginPrompt(false)} />
      </Container>
    );
  }
  return (
    <PaymentForm
      orderId={orderId}
      plan={plan}
      onPlanChange={(next) => {
        rememberSelectedPlan(next);
        setPlan(next);
      }}
      links={links}
    />
  );
}

function PaymentForm({
  orderId,
  plan,
  onPlanChange,
  links,
}: {
  orderId: string | null;
  plan: SelectedPlan | null;
  onPlanChange: (plan: SelectedPlan) => void;
  links: BillingLinks;
}) {
  const config = usePaymentConfig();
  const orderQuery = useQuery(
    orderId !== null
      ? paymentOrderQueryOptions(orderId)
      : paymentOrderForPlanQueryOptions({
          packageId: plan?.packageId ?? '',
          productType: plan?.productType ?? 'd',
          promoCode: plan?.promoCode ?? undefined,
        }),
  );
  const check = useCheckPromoCode();
  const [promoMessage, setPromoMessage] = useState<PromoFormFeedback | null>(null);
  const [checkoutOrder, setCheckoutOrder] = useState<SubscriptionOrder | null>(null);
  const [opening, setOpening] = useState(false);
  const purchase = useCompletePurchase(links.brokerAccounts);

  if (orderQuery.isPending || config.isPending) return <PageSpinner label="Preparing your order…" />;
  if (config.isError || orderQuery.isError) {
    const message = billingErrorMessage(orderQuery.error ?? config.error);
    const withPromo = plan !== null && plan.promoCode !== null;
    return (
      <Container className="py-5">
        <Alert variant="danger">
          <p>{message}</p>
          <div className="d-flex flex-wrap gap-2">
            {withPromo && (
              <Button variant="outline-danger" onClick={() => onPlanChange({ ...plan, promoCode: null })}>
                Continue without the promo code
              </Button>
            )}
            <Button variant="outline-danger" onClick={() => void orderQuery.refetch()}>
              Try again
            </Button>
            <Link className="btn btn-link" to={orderId !== null ? links.subscriptions : links.discoverPricing}>
              {orderId !== null ? 'My Subscriptions' : 'Back to pricing'}
            </Link>
          </div>
        </Alert>
      </Container>
    );
  }

  const order = orderQuery.data;
  const paymentConfig = config.data;
  const promoDisabled = orderId !== null || isTrialPlan(order.plan) || order.plan.kind === 'trial';

  const applyPromo = (code: string) => {
    const reapplied = reappliedPromoFeedback(code, order.promoCode);
    if (reapplied !== null) {
      setPromoMessage({ kind: 'success', message: reapplied.message });
      return;
    }
    check.mutate(
      { packageId: order.packageId, promoCode: code, productType: order.plan.product },
      {
        onSuccess: (result) => {
          const verdict = promoFeedback(result, order.packageId);
          setPromoMessage({ kind: verdict.kind === 'applied' ? 'success' : 'error', message: verdict.message });
          if (verdict.kind === 'applied' && plan !== null) onPlanChange({ ...plan, promoCode: verdict.code });
        },
        onError: (error) => setPromoMessage({ kind: 'error', message: billingErrorMessage(error) }),
      },
    );
  };

  const onPaid = (checkout: CheckoutSuccess) => {
    setCheckoutOrder(null);
    purchase.complete(checkout, order.promoCode);
  };

  const pay = async () => {
    setOpening(true);
    try {
      // Pay asks the server for the order again: the pending one is reused, an expired or failed one replaced.
      const fresh = orderId === null ? (await orderQuery.refetch()).data : order;
      if (!fresh) return;
      if (paymentConfig.provider === 'test') {
        setCheckoutOrder(fresh);
        return;
      }
      if (paymentConfig.checkoutScriptUrl === null) return;
      const outcome = await openRazorpayCheckout(paymentConfig.checkoutScriptUrl, fresh);
      if (outcome.kind === 'paid') onPaid(outcome.checkout);
      if (outcome.kind === 'failed') {
        toast.error(outcome.message);
        void orderQuery.refetch();
      }
    } catch (error) {
      toast.error(billingErrorMessage(error));
    } finally {
      setOpening(false);
    }
  };

  const total = formatPaiseAsRupees(order.amount);
  return (
    <section className="payment-screen py-4 py-lg-5">
      <Container>
        <header className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-4">
          <h1 className="h3 fw-bold mb-0">{paymentConfig.merchantName}</h1>
          <span className="text-body-secondary">Secure checkout</span>
        </header>
        <Row className="g-4">
          <Col lg={7}>
            <Card className="shadow-sm">
              <Card.Body>
                <PriceBreakupTable order={order} />
                <div className="mt-3">
                  <PromoCodeForm
                    onApply={applyPromo}
                    busy={check.isPending || (orderQuery.isFetching && !opening)}
                    disabled={promoDisabled}
                    feedback={promoMessage}
                  />
                </div>
              </Card.Body>
            </Card>
          </Col>
          <Col lg={5}>
            <Card className="shadow-sm mb-4">
              <Card.Body>
                <h2 className="h5 mb-3">Payment Details</h2>
                <Form onSubmit={(event) => event.preventDefault()}>
                  <ReadOnlyField id="payment-amount" label="Amount" value={total} />
                  <ReadOnlyField id="payment-email" label="Email" value={order.prefill.email} />
                  <ReadOnlyField id="payment-phone" label="Phone" value={order.prefill.contact} />
                  <ReadOnlyField id="payment-name" label="Name" value={order.prefill.name} />
                  <div className="d-grid mt-3">
                    <LoadingButton
                      size="lg"
                      onClick={() => void pay()}
                      loading={opening || purchase.isPending}
                      disabled={purchase.isDone || checkoutOrder !== null}
                    >
                      Pay {total}
                    </LoadingButton>
                  </div>
                </Form>
              </Card.Body>
            </Card>
            <Card className="shadow-sm">
              <Card.Body>
                <h2 className="h6">Need help?</h2>
                <p className="mb-1">
                  E-mail: <a href={`mailto:${paymentConfig.support.email}`}>{paymentConfig.support.email}</a>
                </p>
                {paymentConfig.support.phone !== '' && (
                  <p className="mb-0">
                    Phone:{' '}
                    <a href={`tel:${paymentConfig.support.phone.replace(/\s/g, '')}`}>{paymentConfig.support.phone}</a>
                  </p>
                )}
              </Card.Body>
            </Card>
          </Col>
        </Row>
        <p className="small text-body-secondary mt-4 mb-0">
          You agree to the <Link to={links.termsCondition}>terms &amp; conditions</Link> and{' '}
          <Link to={links.refundPolicy}>refund policy</Link> mentioned here
        </p>
      </Container>
      {checkoutOrder && (
        <TestCheckoutModal
          key={checkoutOrder.order_id}
          order={checkoutOrder}
          config={paymentConfig}
          onPaid={onPaid}
          onDeclined={(message) => {
            setCheckoutOrder(null);
            toast.error(message);
            void orderQuery.refetch();
          }}
          onClose={() => setCheckoutOrder(null)}
        />
      )}
    </section>
  );
}

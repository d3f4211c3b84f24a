import type { CheckoutSuccess, PaymentConfig, SubscriptionOrder } from '@fnodesk/contracts';
import { formatPaiseAsRupees } from '@fnodesk/domain';
import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { LoadingButton } from '../../../components/loading-button';
import { isApiError } from '../../../lib/api-error';
import { usePayTestCheckout } from '../api/pay-test-checkout';
import { billingErrorMessage } from '../utils/error-message';

function groupCard(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * The built-in test checkout (no external script): a card form showing its test cards. On success it hands back
 * the payment id, order id and signature exactly as Razorpay's checkout does; a decline ends the attempt (the next
 * Pay makes a new order). Mounted only while a payment is being made.
 */
export function TestCheckoutModal({
  order,
  config,
  onPaid,
  onDeclined,
  onClose,
}: {
  order: SubscriptionOrder;
  config: PaymentConfig;
  onPaid: (checkout: CheckoutSuccess) => void;
  onDeclined: (message: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const pay = usePayTestCheckout();
  const [card, setCard] = useState('');
  const [expiry, setExpiry] = useState('12/30');
  const [cvv, setCvv] = useState('');
  const [name, setName] = useState(order.prefill.name);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    pay.mutate(
      { orderId: order.order_id, amount: order.amount, cardNumber: card, expiry, cvv, name },
      {
        onSuccess: onPaid,
        onError: (error) => {
          if (isApiError(error, 'PAYMENT_DECLINED') || isApiError(error, 'ORDER_NOT_PAYABLE')) {
            onDeclined(billingErrorMessage(error));
          }
        },
      },
    );
  };

  const fieldError = (field: string) =>
    isApiError(pay.error, 'VALIDATION_FAILED') && pay.error.field === field ? pay.error.message : undefined;
  const otherError =
    pay.isError && !isApiError(pay.error, 'VALIDATION_FAILED') ? billingErrorMessage(pay.error) : undefined;

  return (
    <Modal show onHide={onClose} backdrop="static" centered aria-labelledby={`${id}-title`}>
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            {config.merchantName} · Test checkout
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-3">
            {order.description} · <strong>{formatPaiseAsRupees(order.amount)}</strong>
          </p>
          <Alert variant="info" className="small py-2">
            <p className="mb-1 fw-semibold">This is the built-in test checkout. No real card is charged.</p>
            <ul className="mb-0 ps-3">
              {config.testCards.map((testCard) => (
                <li key={testCard.number}>
                  <Button
                    variant="link"
                    size="sm"
                    className="p-0 align-baseline test-card-number"
                    onClick={() => setCard(groupCard(testCard.number))}
                  >
                    {groupCard(testCard.number)}
                  </Button>{' '}
                  {testCard.outcome === 'success' ? 'succeeds' : 'is declined'}
                </li>
              ))}
            </ul>
          </Alert>
          <Form.Group className="mb-3" controlId={`${id}-card`}>
            <Form.Label>Card number</Form.Label>
            <Form.Control
              value={card}
              onChange={(event) => setCard(event.target.value)}
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="4111 1111 1111 1111"
              isInvalid={fieldError('cardNumber') !== undefined}
              autoFocus
            />
            <Form.Control.Feedback type="invalid">{fieldError('cardNumber')}</Form.Control.Feedback>
          </Form.Group>
          <div className="row g-3 mb-3">
            <Form.Group className="col-6" controlId={`${id}-expiry`}>
              <Form.Label>Expiry (MM/YY)</Form.Label>
              <Form.Control
                value={expiry}
                onChange={(event) => setExpiry(event.target.value)}
                autoComplete="cc-exp"
                isInvalid={fieldError('expiry') !== undefined}
              />
              <Form.Control.Feedback type="invalid">{fieldError('expiry')}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="col-6" controlId={`${id}-cvv`}>
              <Form.Label>CVV</Form.Label>
              <Form.Control
                value={cvv}
                onChange={(event) => setCvv(event.target.value)}
                inputMode="numeric"
                autoComplete="cc-csc"
                maxLength={4}
                isInvalid={fieldError('cvv') !== undefined}
              />
              <Form.Control.Feedback type="invalid">{fieldError('cvv')}</Form.Control.Feedback>
            </Form.Group>
          </div>
          <Form.Group controlId={`${id}-name`}>
            <Form.Label>Name on card</Form.Label>
            <Form.Control
              value={name}
              onChange={(event) => setName(event.target.value)}
              autoComplete="cc-name"
              isInvalid={fieldError('name') !== undefined}
            />
            <Form.Control.Feedback type="invalid">{fieldError('name')}</Form.Control.Feedback>
          </Form.Group>
          {otherError && (
            <Alert variant="danger" className="mt-3 mb-0 py-2" role="alert">
              {otherError}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={pay.isPending}>
            Cancel
          </Button>
          <LoadingButton type="submit" loading={pay.isPending || pay.isSuccess}>
            Pay {formatPaiseAsRupees(order.amount)}
          </LoadingButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

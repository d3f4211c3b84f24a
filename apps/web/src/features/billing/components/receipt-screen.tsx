import { Alert, Button, Card, Col, Container, Row, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner';
import { useReceipt } from '../api/get-receipt';
import type { BillingLinks } from '../utils/billing-links';
import { billingErrorMessage } from '../utils/error-message';
import { formatIstDate, formatIstDateTime, formatRupeeAmount, productName } from '../utils/plan-display';
import './billing.css';

/** A payment's printable receipt with the GST breakup and its receipt number. */
export function ReceiptScreen({ paymentId, links }: { paymentId: string; links: BillingLinks }) {
  const receipt = useReceipt(paymentId);
  if (receipt.isPending) return <PageSpinner label="Loading the receipt…" />;
  if (receipt.isError) {
    return (
      <Container className="py-5">
        <Alert variant="danger">{billingErrorMessage(receipt.error)}</Alert>
        <Link to={links.subscriptions}>Back to My Subscriptions</Link>
      </Container>
    );
  }
  const r = receipt.data;
  const a = r.amounts;
  const lines: { label: string; value: number; key: string }[] = [
    { key: 'net', label: 'Net Price', value: a.netPrice },
    { key: 'discount', label: 'Discount', value: -a.discount },
    ...(a.promoCode !== null
      ? [{ key: 'promo', label: `Promo Discount (${a.promoCode})`, value: -a.promoDiscount }]
      : []),
    { key: 'taxable', label: 'Price After Discount (taxable value)', value: a.priceAfterDiscount },
    { key: 'cgst', label: `CGST (${a.gstPercent / 2}%)`, value: a.cgst },
    { key: 'sgst', label: `SGST (${a.gstPercent / 2}%)`, value: a.sgst },
    { key: 'roundoff', label: 'Round off', value: a.roundOff },
  ];
  return (
    <section className="receipt-screen py-4 py-lg-5">
      <Container>
        <div className="d-flex justify-content-between align-items-center mb-3 no-print">
          <Link to={links.subscriptions}>← My Subscriptions</Link>
          <Button onClick={() => window.print()}>Print</Button>
        </div>
        <Card className="receipt-sheet shadow-sm">
          <Card.Body className="p-4 p-lg-5">
            <header className="d-flex flex-wrap justify-content-between gap-3 mb-4">
              <div>
                <h1 className="h3 fw-bold mb-1">Receipt</h1>
                <p className="mb-0">
                  Receipt no. <strong>{r.receiptNumber}</strong>
                </p>
                <p className="mb-0 text-body-secondary">Paid on {formatIstDateTime(r.paidAt)}</p>
              </div>
              <div className="text-sm-end">
                <p className="fw-bold mb-0">{r.merchant.name}</p>
                <p className="mb-0">{r.merchant.email}</p>
                {r.merchant.phone !== '' && <p className="mb-0">{r.merchant.phone}</p>}
              </div>
            </header>
            <Row className="mb-4">
              <Col sm={6}>
                <h2 className="h6 text-uppercase text-body-secondary">Billed to</h2>
                <p className="mb-0">{r.customer.name}</p>
                <p className="mb-0">{r.customer.email}</p>
                <p className="mb-0">{r.customer.mobile}</p>
              </Col>
              <Col sm={6} className="text-sm-end">
                <h2 className="h6 text-uppercase text-body-secondary">Plan</h2>
                <p className="mb-0">
                  {productName(r.item.product)} {r.item.planName} · {r.item.numberOfDays} days
                </p>
                <p className="mb-0">
                  {formatIstDate(r.item.packageStartTime)} to {formatIstDate(r.item.packageEndTime)}
                </p>
              </Col>
            </Row>
            <Table bordered className="mb-3">
              <tbody>
                {lines.map((line) => (
                  <tr key={line.key}>
                    <th scope="row" className="fw-normal">
                      {line.label}
                    </th>
                    <td className="text-end">{formatRupeeAmount(line.value)}</td>
                  </tr>
                ))}
                <tr className="table-active">
                  <th scope="row">
                    Total paid (GST {a.gstPercent}% {formatRupeeAmount(a.gst)} included)
                  </th>
                  <td className="text-end fw-bold">{formatRupeeAmount(a.total)}</td>
                </tr>
              </tbody>
            </Table>
            <p className="small text-body-secondary mb-0">
              Payment {r.providerPaymentId} · Order {r.providerOrderId}. All payments are non-refundable and
              non-transferable.
            </p>
          </Card.Body>
        </Card>
      </Container>
    </section>
  );
}

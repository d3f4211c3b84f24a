import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Col, Container, InputGroup, Form, Row, Table } from 'react-bootstrap';
import { PageSpinner } from '../../../components/page-spinner';
import { useReferralEarnings } from '../api/get-referral-earnings';
import { formatIstDate, formatRupeeAmount } from '../utils/plan-display';
import './billing.css';

/** How long the Copy button says 'Copied' (spec §9: 2 s). */
const COPIED_MS = 2000;

/** `/refer`: the user's invitation link and code, and what referred users' payments earned. */
export function ReferScreen() {
  const referral = useReferralEarnings();
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  if (referral.isPending) return <PageSpinner label="Loading your referrals…" />;
  if (referral.isError) {
    return (
      <Container className="py-5">
        <Alert variant="danger" className="d-flex align-items-center justify-content-between gap-3">
          Your referrals could not be loaded.
          <Button variant="outline-danger" size="sm" onClick={() => void referral.refetch()}>
            Try again
          </Button>
        </Alert>
      </Container>
    );
  }
  const r = referral.data;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(r.referralLink);
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      setCopied(false);
    }
  };

  const stats = [
    { label: 'Signed up with your code', value: String(r.signups) },
    { label: 'Paying users', value: String(r.payingUsers) },
    { label: 'Total earnings', value: formatRupeeAmount(r.totalEarnings) },
  ];

  return (
    <section className="refer-screen py-4 py-lg-5">
      <Container>
        <header className="mb-4">
          <h1 className="h3 fw-bold mb-1">Refer &amp; Earn</h1>
          <p className="text-body-secondary mb-0">
            Share your link. You earn {r.percent}% of what the traders you refer pay for their plans (before GST).
          </p>
        </header>
        <Card className="shadow-sm mb-4">
          <Card.Body>
            <Form.Label htmlFor="referral-link">Your referral link</Form.Label>
            <InputGroup>
              <Form.Control id="referral-link" readOnly value={r.referralLink} className="referral-link" />
              <Button variant="primary" onClick={() => void copy()} aria-live="polite">
                {copied ? 'Copied' : 'Copy'}
              </Button>
            </InputGroup>
            <p className="small text-body-secondary mt-2 mb-0">
              Referral code: <strong>{r.referralCode}</strong>
            </p>
          </Card.Body>
        </Card>
        <Row xs={1} md={3} className="g-3 mb-4">
          {stats.map((stat) => (
            <Col key={stat.label}>
              <Card body className="h-100 text-center">
                <p className="small text-body-secondary mb-1">{stat.label}</p>
                <p className="h4 fw-bold mb-0">{stat.value}</p>
              </Card>
            </Col>
          ))}
        </Row>
        <h2 className="h5 mb-3">Referral earnings</h2>
        {r.earnings.length === 0 ? (
          <p className="text-body-secondary">
            No earnings yet. They appear here when someone you referred buys a plan.
          </p>
        ) : (
          <Table responsive hover className="align-middle">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Trader</th>
                <th scope="col">Plan</th>
                <th scope="col" className="text-end">
                  Paid (before GST)
                </th>
                <th scope="col" className="text-end">
                  You earned
                </th>
              </tr>
            </thead>
            <tbody>
              {r.earnings.map((earning, index) => (
                <tr key={`${earning.at}-${index}`}>
                  <td>{formatIstDate(earning.at)}</td>
                  <td>{earning.referredUser}</td>
                  <td>{earning.planName}</td>
                  <td className="text-end">{formatRupeeAmount(earning.base)}</td>
                  <td className="text-end">{formatRupeeAmount(earning.earning)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Container>
    </section>
  );
}

import type { ReactNode } from 'react';
import { Card, Col, Container, Row } from 'react-bootstrap';

const PITCH: readonly string[] = [
  'Option chains, open interest and straddles side by side',
  'Orderflow charts and futures dashboards',
  'One-click orders through your own broker accounts',
  'Paper trading to practise without risking capital',
];

/** What the account screens' side panel says: a heading and, optionally, a call to action under the pitch. */
export interface AuthPanel {
  heading: string;
  action?: ReactNode;
}

/** The frame of every account screen: a product panel beside the form on large screens, the form alone on phones. */
export function AuthLayout({ panel, children }: { panel: AuthPanel; children: ReactNode }) {
  return (
    <section className="auth-screen py-4 py-lg-5">
      <Container>
        <Row className="justify-content-center">
          <Col xl={10} xxl={9}>
            <Card className="auth-card shadow-sm overflow-hidden">
              <Row className="g-0">
                <Col lg={5} className="auth-panel d-none d-lg-flex flex-column justify-content-between p-5">
                  <div>
                    <p className="auth-panel-eyebrow text-uppercase small fw-semibold mb-3">
                      Analysis and execution for Indian F&amp;O
                    </p>
                    <h2 className="h3 fw-bold mb-4">{panel.heading}</h2>
                    <ul className="list-unstyled mb-0">
                      {PITCH.map((line) => (
                        <li key={line} className="auth-panel-point mb-3">
                          {line}
                        </li>
                      ))}
                    </ul>
                  </div>
                  {panel.action !== undefined && <div className="mt-4">{panel.action}</div>}
                </Col>
                <Col lg={7}>
                  <div className="auth-form h-100 d-flex flex-column justify-content-center p-4 p-sm-5">{children}</div>
                </Col>
              </Row>
            </Card>
          </Col>
        </Row>
      </Container>
    </section>
  );
}

/** The heading and lead line of an account screen's form side. */
export function AuthHeading({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <header className="mb-4">
      <h1 className="h3 fw-bold mb-1">{title}</h1>
      {lead !== undefined && <p className="text-body-secondary mb-0">{lead}</p>}
    </header>
  );
}

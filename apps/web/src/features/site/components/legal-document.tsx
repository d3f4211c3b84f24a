import type { ReactNode } from 'react';
import { Col, Container, Row } from 'react-bootstrap';

/** One numbered section of a legal document. */
export interface LegalSection {
  id: string;
  heading: string;
  body: ReactNode;
}

/** A legal document: the title, the last-updated line, a contents list and numbered sections. */
export function LegalDocument({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated?: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}) {
  return (
    <Container as="article" className="legal-document py-5">
      <Row className="justify-content-center">
        <Col lg={9} xl={8}>
          <h1 className="fw-bold mb-2">{title}</h1>
          {updated !== undefined && <p className="text-body-secondary small mb-4">Last updated: {updated}</p>}
          <div className="lead fs-6 mb-4">{intro}</div>
          <nav aria-label="Contents" className="legal-contents mb-4 p-3 rounded-3 bg-body-tertiary border">
            <h2 className="h6 fw-semibold mb-2">Contents</h2>
            <ol className="mb-0 small">
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.heading}</a>
                </li>
              ))}
            </ol>
          </nav>
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              className="legal-section mb-4"
              aria-labelledby={`${section.id}-h`}
            >
              <h2 id={`${section.id}-h`} className="h5 fw-semibold">
                {index + 1}. {section.heading}
              </h2>
              {section.body}
            </section>
          ))}
        </Col>
      </Row>
    </Container>
  );
}

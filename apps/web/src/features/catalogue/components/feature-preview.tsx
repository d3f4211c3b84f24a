import { Button, Col, Modal, Row } from 'react-bootstrap';
import type { CatalogueFeature } from '../data/catalogue-types';
import { screenshotOf } from '../utils/screenshots';

/**
 * The full-screen preview of a feature (spec §2): its title, numbered description lines and a screenshot of its
 * page. Escape, the close button or Close end it; the previous and next buttons walk the shown features.
 */
export function FeaturePreview({
  feature,
  onClose,
  onPrevious,
  onNext,
}: {
  feature: CatalogueFeature | null;
  onClose: () => void;
  onPrevious?: () => void;
  onNext?: () => void;
}) {
  const screenshot = feature === null ? null : screenshotOf(feature.id);
  return (
    <Modal
      show={feature !== null}
      onHide={onClose}
      fullscreen
      className="feature-preview"
      aria-labelledby="feature-preview-title"
    >
      {feature !== null && (
        <>
          <Modal.Header closeButton closeLabel="Close preview">
            <div>
              <p className="small text-primary fw-semibold text-uppercase mb-1">{feature.category}</p>
              <Modal.Title id="feature-preview-title" as="h2" className="h4 fw-bold">
                {feature.name}
              </Modal.Title>
            </div>
          </Modal.Header>
          <Modal.Body>
            <Row className="g-4 align-items-start">
              <Col lg={screenshot === null ? 8 : 4}>
                <ol className="feature-preview-lines">
                  {feature.lines.map((line) => (
                    <li key={line} className="mb-2">
                      {line}
                    </li>
                  ))}
                </ol>
              </Col>
              {screenshot !== null && (
                <Col lg={8}>
                  <img
                    className="feature-preview-image img-fluid rounded-3 border shadow-sm"
                    src={screenshot.src}
                    width={screenshot.width}
                    height={screenshot.height}
                    alt={`Screenshot of ${feature.name}`}
                  />
                </Col>
              )}
            </Row>
          </Modal.Body>
          <Modal.Footer className="justify-content-between">
            <div className="d-flex gap-2">
              <Button variant="outline-secondary" onClick={onPrevious} disabled={onPrevious === undefined}>
                Previous
              </Button>
              <Button variant="outline-secondary" onClick={onNext} disabled={onNext === undefined}>
                Next
              </Button>
            </div>
            <Button variant="primary" onClick={onClose}>
              Close
            </Button>
          </Modal.Footer>
        </>
      )}
    </Modal>
  );
}

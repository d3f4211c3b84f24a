import { Spinner } from 'react-bootstrap';

/** A centred spinner for screens whose code or data is still loading. */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="page-spinner d-flex align-items-center justify-content-center py-5">
      <Spinner animation="border" variant="primary" role="status">
        <span className="visually-hidden">{label}</span>
      </Spinner>
    </div>
  );
}

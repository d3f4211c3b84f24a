import type { ReactNode } from 'react';
import { Button, Spinner } from 'react-bootstrap';

/**
 * A futures page's body in each state: loading, failed (with a retry), nothing listed, or its content. A closed
 * market is not a state of its own: the pages show the last session and the header says "Market closed".
 */
export function UniverseState({
  state,
  what,
  retry,
  children,
}: {
  state: 'loading' | 'error' | 'empty' | 'ready';
  /** What the page shows, for the messages. */
  what: string;
  retry: () => void;
  children: ReactNode;
}) {
  if (state === 'ready') return <>{children}</>;
  return (
    <div className="d-flex flex-column align-items-center justify-content-center text-body-secondary py-5 border rounded">
      {state === 'loading' && <Spinner animation="border" role="status" aria-label={`Loading ${what}`} />}
      {state === 'error' && (
        <>
          <p className="mb-2">{`${what[0]?.toUpperCase() ?? ''}${what.slice(1)} could not be loaded.`}</p>
          <Button size="sm" variant="outline-primary" onClick={retry}>
            Try again
          </Button>
        </>
      )}
      {state === 'empty' && <p className="mb-0">No futures are listed for this choice.</p>}
    </div>
  );
}

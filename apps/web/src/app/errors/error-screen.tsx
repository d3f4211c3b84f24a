import { Link } from 'react-router';
import { paths } from '../paths';

/** The shared look of the error pages: the status, one sentence and a way home. */
export function ErrorScreen({ status, message }: { status: string; message: string }) {
  return (
    <section className="error-screen d-flex align-items-center py-5">
      <div className="container text-center py-5">
        <p className="error-status display-1 fw-bold text-primary mb-2" aria-hidden="true">
          {status}
        </p>
        <h1 className="h3 fw-semibold mb-4">{message}</h1>
        <Link to={paths.home} className="btn btn-primary px-4">
          Take me home
        </Link>
      </div>
    </section>
  );
}

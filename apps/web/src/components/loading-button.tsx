import type { ComponentProps } from 'react';
import { Button, Spinner } from 'react-bootstrap';

/** Props of `LoadingButton`: a react-bootstrap Button plus whether its action is running. */
export type LoadingButtonProps = ComponentProps<typeof Button> & { loading?: boolean };

/** A button that shows a spinner and refuses clicks while its action runs. */
export function LoadingButton({ loading = false, disabled, children, ...button }: LoadingButtonProps) {
  return (
    <Button {...button} disabled={disabled === true || loading} aria-busy={loading}>
      {loading && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
      {children}
    </Button>
  );
}

import { useEffect, useState } from 'react';
import { Button } from 'react-bootstrap';

/** How long 'Copied' shows before the label goes back to 'Copy' (accounts §9). */
export const COPY_LABEL_RESET_MS = 2000;

/**
 * A Copy button for `text`; its label says 'Copied' for 2 s after a copy. `copied` starts it in that state, for a
 * value that was copied as it was fetched.
 */
export function CopyButton({
  text,
  label,
  copied: justCopied = false,
}: {
  text: string;
  label: string;
  copied?: boolean;
}) {
  const [copied, setCopied] = useState(justCopied);

  useEffect(() => {
    if (!copied) return undefined;
    const timer = window.setTimeout(() => setCopied(false), COPY_LABEL_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = () => {
    void navigator.clipboard
      .writeText(text)
      .then(() => setCopied(true))
      .catch(() => setCopied(false));
  };

  return (
    <Button variant="outline-secondary" size="sm" onClick={copy} aria-label={`Copy ${label}`} aria-live="polite">
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}

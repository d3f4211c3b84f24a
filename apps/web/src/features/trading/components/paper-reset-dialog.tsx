import { PAPER_CAPITAL_LIMITS, type BrokerAccount } from '@fnodesk/contracts';
import { formatIndianNumber } from '@fnodesk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { toast } from 'react-toastify/unstyled';
import { resetPaperAccount } from '../api/reset-paper';
import { invalidateTrading } from '../api/risk-settings';
import { capitalOf } from '../utils/paper-capital';

/**
 * The Funds page's Reset of a paper account: asks to confirm, with the virtual capital to start from (the current
 * one by default). The server refuses while orders or positions are open; its message shows in the dialog.
 */
export function PaperResetDialog({
  account,
  capital,
  onClose,
}: {
  account: BrokerAccount;
  capital: number;
  onClose: () => void;
}) {
  const [text, setText] = useState(String(capital));
  const fieldId = useId();
  const queryClient = useQueryClient();
  const value = capitalOf(text);
  const reset = useMutation({
    mutationFn: (amount: number) => resetPaperAccount(account.id, { capital: amount }),
    onSuccess: (funds) => {
      toast.success(`Paper account reset to ₹${formatIndianNumber(funds.equity.openingBalance, 0)}.`);
      void invalidateTrading(queryClient, account.id);
      onClose();
    },
  });
  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${fieldId}-title`}>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          if (value !== null) reset.mutate(value);
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title id={`${fieldId}-title`} as="h2" className="fs-6">
            Reset paper account
          </Modal.Title>
        </Modal.Header>
        <Modal.Body data-testid="paper-reset-dialog">
          <p className="small">
            Start {account.name} ({account.userName}) again with this virtual capital. Today&apos;s orders, trades and
            P&amp;L are cleared from the book.
          </p>
          <Form.Group controlId={fieldId}>
            <Form.Label className="small">Virtual capital (₹)</Form.Label>
            <Form.Control
              inputMode="numeric"
              value={text}
              isInvalid={value === null}
              onChange={(event) => setText(event.target.value)}
            />
            <Form.Control.Feedback type="invalid">
              Enter whole rupees from ₹{formatIndianNumber(PAPER_CAPITAL_LIMITS.min, 0)} to ₹
              {formatIndianNumber(PAPER_CAPITAL_LIMITS.max, 0)}.
            </Form.Control.Feedback>
          </Form.Group>
          {reset.error !== null && (
            <Alert variant="danger" className="small mt-3 mb-0" role="alert">
              {reset.error.message}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={value === null || reset.isPending}>
            Reset
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

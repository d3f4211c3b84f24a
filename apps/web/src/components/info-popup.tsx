import { useId, type ReactNode } from 'react';
import { Button, Modal } from 'react-bootstrap';

/** One button of an `InfoPopup`. */
export interface InfoPopupButton {
  label: string;
  onClick: () => void;
  variant?: string;
  /** Shows a busy state and refuses clicks while its action runs. */
  busy?: boolean;
}

/** Props of `InfoPopup` (signed-in spec §2.6): title, message lines, up to two buttons, optional close. */
export interface InfoPopupProps {
  show: boolean;
  title: string;
  lines: readonly ReactNode[];
  primary: InfoPopupButton;
  secondary?: InfoPopupButton;
  /** Shows a close button in the header that calls this. */
  onClose?: () => void;
}

/** A popup waiting its turn: several notices of a screen are shown one after another, never stacked. */
export interface PopupNotice extends Omit<InfoPopupProps, 'show'> {
  /** Tells notices apart (and restarts the popup's transition when the next one takes over). */
  id: string;
}

/**
 * The product's information popup: a static backdrop and no Escape key, so the user answers with a button (spec
 * §2.6). The first button takes the focus when it opens.
 */
export function InfoPopup({ show, title, lines, primary, secondary, onClose }: InfoPopupProps) {
  const titleId = useId();
  return (
    <Modal
      show={show}
      backdrop="static"
      keyboard={false}
      centered
      onHide={onClose ?? primary.onClick}
      aria-labelledby={titleId}
    >
      <Modal.Header closeButton={onClose !== undefined}>
        <Modal.Title as="h2" className="h5" id={titleId}>
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {lines.map((line, index) => (
          <p key={index} className={index === lines.length - 1 ? 'mb-0' : 'mb-2'}>
            {line}
          </p>
        ))}
      </Modal.Body>
      <Modal.Footer>
        {secondary && (
          <Button
            variant={secondary.variant ?? 'outline-secondary'}
            onClick={secondary.onClick}
            disabled={secondary.busy}
          >
            {secondary.label}
          </Button>
        )}
        <Button
          variant={primary.variant ?? 'primary'}
          onClick={primary.onClick}
          disabled={primary.busy}
          aria-busy={primary.busy === true}
          autoFocus
        >
          {primary.label}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

import { systemClock, type Clock } from '@fnodesk/domain';
import { useState } from 'react';
import { Button, CloseButton, Modal } from 'react-bootstrap';
import { Link } from 'react-router';
import { formatIstDate } from '../../lib/format-ist';
import { readStoredItem, writeStoredItem } from '../../lib/local-storage';
import { paths } from '../paths';
import { GiftIcon } from './shell-icons';

/** localStorage key of the day the offers banner was closed; it returns the next day. */
export const OFFERS_BANNER_STORAGE_KEY = 'offersBannerClosed';

// The discounts of spec §9: Discover's longer plans and QuikTrade's longer periods.
const OFFERS: readonly { product: string; plan: string; saving: string }[] = [
  { product: 'Discover', plan: 'Sixer (6 months)', saving: '8% off the monthly price' },
  { product: 'Discover', plan: 'Professional (1 year)', saving: '20% off the monthly price' },
  { product: 'QuikTrade', plan: 'Semi Annual', saving: 'Upto 17% off' },
  { product: 'QuikTrade', plan: 'Annual', saving: 'Upto 34% off' },
];

/** The anniversary offers banner (spec signed-in §2.2): opens the offers in a popup; closable for the day. */
export function OffersBanner({ clock = systemClock }: { clock?: Clock }) {
  const [today] = useState(() => formatIstDate(clock.now()));
  const [closed, setClosed] = useState(() => readStoredItem(OFFERS_BANNER_STORAGE_KEY) === today);
  const [showOffers, setShowOffers] = useState(false);
  if (closed) return null;
  return (
    <div
      className="offers-banner d-flex align-items-center gap-2 px-3 py-2 small no-print"
      role="region"
      aria-label="Offers"
    >
      <span className="offers-banner-icon" aria-hidden="true">
        <GiftIcon />
      </span>
      <span className="flex-grow-1">
        <strong>Anniversary offers:</strong> save up to 34% with longer plans.
      </span>
      <Button size="sm" variant="light" className="offers-banner-button" onClick={() => setShowOffers(true)}>
        View offers
      </Button>
      <CloseButton
        variant="white"
        aria-label="Close offers banner"
        onClick={() => {
          writeStoredItem(OFFERS_BANNER_STORAGE_KEY, today);
          setClosed(true);
        }}
      />
      <Modal show={showOffers} onHide={() => setShowOffers(false)} centered aria-labelledby="offers-title">
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5" id="offers-title">
            Anniversary Offers
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <ul className="list-unstyled mb-0">
            {OFFERS.map((offer) => (
              <li
                key={`${offer.product}-${offer.plan}`}
                className="d-flex justify-content-between gap-3 py-2 border-bottom"
              >
                <span>
                  <span className="d-block fw-semibold">{offer.product}</span>
                  <span className="small text-body-secondary">{offer.plan}</span>
                </span>
                <span className="text-success fw-semibold text-end">{offer.saving}</span>
              </li>
            ))}
          </ul>
          <p className="small text-body-secondary mt-3 mb-0">Prices exclude 18% GST.</p>
        </Modal.Body>
        <Modal.Footer>
          <Link className="btn btn-outline-primary" to={paths.quiktradePricing} onClick={() => setShowOffers(false)}>
            QuikTrade Pricing
          </Link>
          <Link className="btn btn-primary" to={paths.discoverPricing} onClick={() => setShowOffers(false)}>
            Discover Pricing
          </Link>
        </Modal.Footer>
      </Modal>
    </div>
  );
}

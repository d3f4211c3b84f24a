import { systemClock, type Clock } from '@fnodesk/domain';
import { useState, type CSSProperties } from 'react';
import { Container } from 'react-bootstrap';
import { useMediaQuery } from '../../../lib/breakpoints';
import { CAROUSEL_BROKERS } from '../data/brokers';
import { useCarousel } from '../hooks/use-carousel';
import { BROKER_CAROUSEL_INTERVAL_MS, BROKER_CAROUSEL_TRANSITION_MS, brokersPerView } from './carousel-timings';

function usePerView(): number {
  const below600 = useMediaQuery('(max-width: 599.98px)');
  const below1024 = useMediaQuery('(max-width: 1023.98px)');
  return brokersPerView(below600 ? 599 : below1024 ? 1023 : 1024);
}

/**
 * The landing page's broker carousel (spec §2): 4 logos at a time (3 below 1024 px, 1 below 600 px), moving one
 * step every 2 s in a 1 s slide. It stops while the pointer or the keyboard focus is on it, and has its own
 * pause, previous and next buttons.
 */
export function BrokerCarousel({ clock = systemClock }: { clock?: Clock }) {
  const perView = usePerView();
  const [hovered, setHovered] = useState(false);
  const [stopped, setStopped] = useState(false);
  const count = CAROUSEL_BROKERS.length;
  const carousel = useCarousel({
    count,
    perView,
    intervalMs: BROKER_CAROUSEL_INTERVAL_MS,
    transitionMs: BROKER_CAROUSEL_TRANSITION_MS,
    paused: hovered || stopped,
    clock,
  });
  const slides = [...CAROUSEL_BROKERS, ...CAROUSEL_BROKERS.slice(0, perView)];
  const trackStyle = {
    '--carousel-offset': `${(carousel.position * 100) / perView}%`,
    '--carousel-transition': carousel.animate ? `${BROKER_CAROUSEL_TRANSITION_MS}ms` : '0ms',
  } as CSSProperties;

  return (
    <section className="broker-carousel-section py-5" aria-labelledby="brokers-heading">
      <Container>
        <h2 id="brokers-heading" className="fw-bold text-center mb-2">
          Trade with your own broker
        </h2>
        <p className="text-center text-body-secondary mb-4">
          More than 50 brokers supported, including every broker on the Symphony XTS API.
        </p>
        <div
          className="broker-carousel"
          role="region"
          aria-roledescription="carousel"
          aria-label="Supported brokers"
          data-slides-per-view={perView}
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={() => setHovered(true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setHovered(false);
          }}
        >
          <div className="broker-carousel-viewport">
            <ul className="broker-carousel-track list-unstyled mb-0" style={trackStyle} aria-live="off">
              {slides.map((broker, index) => {
                const copy = index >= count;
                return (
                  <li
                    key={`${broker.name}-${copy ? 'copy' : 'slide'}`}
                    className="broker-slide"
                    style={{ flexBasis: `${100 / perView}%` }}
                    role={copy ? undefined : 'group'}
                    aria-roledescription={copy ? undefined : 'slide'}
                    aria-label={copy ? undefined : `${index + 1} of ${count}: ${broker.name}`}
                    aria-hidden={copy || undefined}
                    data-copy={copy || undefined}
                  >
                    <div className="broker-tile">
                      <span className="broker-mark" style={{ backgroundColor: broker.color }} aria-hidden="true">
                        {broker.mark}
                      </span>
                      <span className="broker-name">{broker.name}</span>
                    </div>
                  </li>
                );
              })}
            </ul>
          </div>
          <div className="d-flex justify-content-center gap-2 mt-3">
            <button type="button" className="btn btn-sm btn-outline-secondary" onClick={carousel.previous}>
              <span aria-hidden="true">‹</span>
              <span className="visually-hidden">Previous brokers</span>
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              aria-pressed={stopped}
              onClick={() => setStopped((current) => !current)}
            >
              {stopped ? 'Play' : 'Pause'}
            </button>
            <button type="button" className="btn btn-sm btn-outline-secondary" onClick={carousel.next}>
              <span aria-hidden="true">›</span>
              <span className="visually-hidden">Next brokers</span>
            </button>
          </div>
        </div>
      </Container>
    </section>
  );
}

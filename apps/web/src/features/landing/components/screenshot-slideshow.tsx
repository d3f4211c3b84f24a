import { systemClock, type Clock } from '@fnodesk/domain';
import { useState, type CSSProperties } from 'react';
import { Col, Container, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { z } from 'zod';
import slideshow from '../data/slideshow.json';
import { useCarousel } from '../hooks/use-carousel';
import { SLIDESHOW_INTERVAL_MS, SLIDESHOW_TRANSITION_MS } from './carousel-timings';

const SlidesSchema = z.array(
  z.object({
    src: z.string(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    caption: z.string(),
  }),
);

/** The screenshots of this app that `npm run screenshots` captured for the slideshow. */
const SLIDES = SlidesSchema.parse(slideshow);

/**
 * The slideshow variant of the hero (spec §2 Landing): screenshots of the app, a new one every 3 s sliding in over
 * 600 ms, and 'Try it NOW'. It pauses under the pointer or the keyboard focus, and on its pause button.
 */
export function ScreenshotSlideshow({ tryPath, clock = systemClock }: { tryPath: string; clock?: Clock }) {
  const [hovered, setHovered] = useState(false);
  const [stopped, setStopped] = useState(false);
  const count = SLIDES.length;
  const carousel = useCarousel({
    count,
    perView: 1,
    intervalMs: SLIDESHOW_INTERVAL_MS,
    transitionMs: SLIDESHOW_TRANSITION_MS,
    paused: hovered || stopped,
    clock,
  });
  if (count === 0) return null;
  const slides = [...SLIDES, ...SLIDES.slice(0, 1)];
  const trackStyle = {
    '--carousel-offset': `${carousel.position * 100}%`,
    '--carousel-transition': carousel.animate ? `${SLIDESHOW_TRANSITION_MS}ms` : '0ms',
  } as CSSProperties;

  return (
    <section
      className="slideshow-hero py-5 bg-body-tertiary border-top border-bottom"
      aria-labelledby="slideshow-heading"
    >
      <Container>
        <Row className="align-items-center g-4 g-lg-5">
          <Col lg={4}>
            <h2 id="slideshow-heading" className="fw-bold mb-3">
              See it on your own screen
            </h2>
            <p className="text-body-secondary mb-4">
              Real screens of the app, captured from the running product: the pages, the catalogues and your account.
            </p>
            <Link to={tryPath} className="btn btn-primary btn-lg px-4">
              Try it NOW
            </Link>
          </Col>
          <Col lg={8}>
            <div
              className="screenshot-slideshow"
              role="region"
              aria-roledescription="carousel"
              aria-label="Screenshots of the app"
              data-slide-count={count}
              onMouseEnter={() => setHovered(true)}
              onMouseLeave={() => setHovered(false)}
              onFocus={() => setHovered(true)}
              onBlur={(event) => {
                if (!event.currentTarget.contains(event.relatedTarget)) setHovered(false);
              }}
            >
              <div className="slideshow-viewport rounded-3 border shadow-sm">
                <ul className="slideshow-track list-unstyled mb-0" style={trackStyle}>
                  {slides.map((slide, index) => {
                    const copy = index >= count;
                    return (
                      <li
                        key={`${slide.src}-${copy ? 'copy' : 'slide'}`}
                        className="slideshow-slide"
                        role={copy ? undefined : 'group'}
                        aria-roledescription={copy ? undefined : 'slide'}
                        aria-label={copy ? undefined : `${index + 1} of ${count}`}
                        aria-hidden={copy || undefined}
                      >
                        <figure className="mb-0">
                          <img
                            src={slide.src}
                            width={slide.width}
                            height={slide.height}
                            loading="lazy"
                            decoding="async"
                            alt={copy ? '' : `Screenshot: ${slide.caption}`}
                            className="img-fluid"
                          />
                          <figcaption className="slideshow-caption small">{slide.caption}</figcaption>
                        </figure>
                      </li>
                    );
                  })}
                </ul>
              </div>
              <div className="d-flex justify-content-center align-items-center gap-2 mt-3">
                {SLIDES.map((slide, index) => (
                  <button
                    key={slide.src}
                    type="button"
                    className={`slideshow-dot${carousel.current === index ? ' active' : ''}`}
                    aria-label={`Show screenshot ${index + 1}: ${slide.caption}`}
                    aria-current={carousel.current === index || undefined}
                    onClick={() => carousel.goTo(index)}
                  />
                ))}
                <button
                  type="button"
                  className="btn btn-sm btn-outline-secondary ms-2"
                  aria-pressed={stopped}
                  onClick={() => setStopped((current) => !current)}
                >
                  {stopped ? 'Play' : 'Pause'}
                </button>
              </div>
            </div>
          </Col>
        </Row>
      </Container>
    </section>
  );
}

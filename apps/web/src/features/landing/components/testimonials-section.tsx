import { Card, Col, Container, Row } from 'react-bootstrap';

const TESTIMONIALS: readonly { quote: string; who: string; where: string }[] = [
  {
    quote:
      'Option Chain Charts changed how I read the market: I see every strike near the money building up through the day instead of one snapshot.',
    who: 'Index options writer',
    where: 'Pune',
  },
  {
    quote:
      'The straddle charts tell me in one look whether premiums are melting or expanding. I plan my adjustments around them.',
    who: 'Weekly expiry trader',
    where: 'Ahmedabad',
  },
  {
    quote:
      'I practised on paper trading for a month, then switched to my Zerodha account. Orders go out with the stop-loss already set.',
    who: 'Part-time F&O trader',
    where: 'Bengaluru',
  },
];

/** The testimonials section of the landing page. */
export function TestimonialsSection() {
  return (
    <section className="testimonials-section py-5" aria-labelledby="testimonials-heading">
      <Container>
        <h2 id="testimonials-heading" className="fw-bold text-center mb-4">
          What traders say
        </h2>
        <Row xs={1} md={3} className="g-4">
          {TESTIMONIALS.map((testimonial) => (
            <Col key={testimonial.who}>
              <Card as="figure" className="h-100 mb-0 testimonial-card">
                <Card.Body>
                  <blockquote className="mb-3">
                    <p className="mb-0">&ldquo;{testimonial.quote}&rdquo;</p>
                  </blockquote>
                  <figcaption className="small text-body-secondary">
                    <span className="fw-semibold text-body">{testimonial.who}</span>, {testimonial.where}
                  </figcaption>
                </Card.Body>
              </Card>
            </Col>
          ))}
        </Row>
      </Container>
    </section>
  );
}

import { Accordion } from 'react-bootstrap';
import { BROKER_SAFETY_FAQ } from '../utils/broker-safety-answers';

/** The FAQ accordion of the broker-login page. */
export function BrokerSafetyFaq() {
  return (
    <Accordion className="broker-safety-faq" alwaysOpen>
      {BROKER_SAFETY_FAQ.map((item, index) => (
        <Accordion.Item key={item.question} eventKey={String(index)}>
          <Accordion.Header as="h3">{item.question}</Accordion.Header>
          <Accordion.Body className="small">{item.answer}</Accordion.Body>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

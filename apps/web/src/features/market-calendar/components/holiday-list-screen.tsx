import type { Holiday } from '@fnodesk/contracts';
import { systemClock, type Clock } from '@fnodesk/domain';
import { useState } from 'react';
import { Alert, ButtonGroup, Card, Form, Table, ToggleButton } from 'react-bootstrap';
import { PageSpinner } from '../../../components/page-spinner';
import { IST_OFFSET_MINUTES } from '../../../lib/format-ist';
import { useExchangeHolidays } from '../api/get-exchange-holidays';
import { useSpecialSessions } from '../api/get-special-sessions';

type Segment = 'nfo' | 'nse';

const SEGMENTS: readonly { id: Segment; label: string }[] = [
  { id: 'nfo', label: 'NSE F&O' },
  { id: 'nse', label: 'NSE Equity' },
];

function yearOf(holiday: Holiday): number {
  return Number(holiday.date.slice(0, 4));
}

/** The Holiday List page: trading holidays per year for the F&O and cash segments, and the special sessions. */
export function HolidayListScreen({ clock = systemClock }: { clock?: Clock }) {
  const holidays = useExchangeHolidays();
  const sessions = useSpecialSessions();
  const [segment, setSegment] = useState<Segment>('nfo');
  // The year as it is in India, not in the browser's time zone.
  const [year, setYear] = useState(() => new Date(clock.now() + IST_OFFSET_MINUTES * 60_000).getUTCFullYear());

  if (holidays.isPending) return <PageSpinner label="Loading holidays…" />;
  if (holidays.isError) {
    return <Alert variant="danger">The holiday list could not be loaded. Please try again later.</Alert>;
  }

  const years = [...new Set([...holidays.data.publishedYears, year])].sort((a, b) => a - b);
  const list = holidays.data[segment].filter((holiday) => yearOf(holiday) === year);
  const specialSessions = (sessions.data ?? []).filter((session) => session.date.startsWith(String(year)));

  return (
    <section className="holiday-list-screen py-3" aria-labelledby="holiday-list-heading">
      <h1 id="holiday-list-heading" className="h3 fw-bold mb-1">
        Holiday List
      </h1>
      <p className="text-body-secondary mb-4">
        Days the exchange is closed for trading. Weekends are closed too unless a special session is announced.
      </p>
      <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
        <ButtonGroup aria-label="Segment">
          {SEGMENTS.map((option) => (
            <ToggleButton
              key={option.id}
              id={`holiday-segment-${option.id}`}
              type="radio"
              name="holiday-segment"
              value={option.id}
              variant="outline-primary"
              checked={segment === option.id}
              onChange={() => setSegment(option.id)}
            >
              {option.label}
            </ToggleButton>
          ))}
        </ButtonGroup>
        <Form.Group controlId="holiday-year">
          <Form.Label className="small text-body-secondary mb-1">Year</Form.Label>
          <Form.Select value={year} onChange={(event) => setYear(Number(event.target.value))}>
            {years.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </div>
      <Card className="mb-4">
        <Table responsive hover className="mb-0 align-middle">
          <caption className="visually-hidden">
            Trading holidays of {year} ({SEGMENTS.find((option) => option.id === segment)?.label})
          </caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Day</th>
              <th scope="col">Holiday</th>
            </tr>
          </thead>
          <tbody>
            {list.length === 0 ? (
              <tr>
                <td colSpan={3} className="text-body-secondary">
                  The exchange has not published its holiday list for {year}; only weekends are closed.
                </td>
              </tr>
            ) : (
              list.map((holiday) => (
                <tr key={holiday.date}>
                  <td className="text-nowrap">
                    <span dir="ltr">{holiday.formattedDate}</span>
                  </td>
                  <td>{holiday.weekday}</td>
                  <td>{holiday.description}</td>
                </tr>
              ))
            )}
          </tbody>
        </Table>
      </Card>
      {specialSessions.length > 0 && (
        <>
          <h2 className="h5 fw-semibold">Special sessions</h2>
          <Card>
            <Table responsive className="mb-0 align-middle">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Session</th>
                  <th scope="col">Exchanges</th>
                  <th scope="col">Timings (IST)</th>
                </tr>
              </thead>
              <tbody>
                {specialSessions.map((session) => (
                  <tr key={`${session.date}-${session.kind}`}>
                    <td className="text-nowrap">
                      <span dir="ltr">{session.formattedDate}</span>
                    </td>
                    <td>{session.description}</td>
                    <td>{session.exchanges.join(', ')}</td>
                    <td className="text-nowrap">
                      {session.open !== null && session.close !== null
                        ? `${session.open} – ${session.close}`
                        : 'To be announced'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </Card>
        </>
      )}
    </section>
  );
}

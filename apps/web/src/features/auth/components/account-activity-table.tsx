import { systemClock, type Clock } from '@fnodesk/domain';
import { useState } from 'react';
import { Alert, Card, Spinner, Table } from 'react-bootstrap';
import { formatIstDateTime } from '../../../lib/format-ist';
import { useUserActivity, type ActivityRange } from '../api/get-user-activity';
import { ACTIVITY_KIND_LABELS, ACTIVITY_SOURCE_LABELS } from '../utils/activity-labels';

/** How far back the profile's activity list reaches. */
export const ACTIVITY_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

/** The account's recent activity (last 30 days): when, what, from where, in IST. */
export function AccountActivityTable({ clock = systemClock }: { clock?: Clock }) {
  // Fixed when the page opens, so the query key (and the list) stays put while the user reads it.
  const [range] = useState<ActivityRange>(() => {
    const to = clock.now();
    return { from: to - ACTIVITY_WINDOW_DAYS * DAY_MS, to };
  });
  const activity = useUserActivity(range);

  return (
    <Card className="shadow-sm">
      <Card.Body className="p-4">
        <Card.Title as="h2" className="h5 fw-semibold mb-1">
          Recent activity
        </Card.Title>
        <p className="small text-body-secondary mb-3">Last {ACTIVITY_WINDOW_DAYS} days. Times are IST.</p>
        {activity.isPending && (
          <div className="py-3 text-center" role="status">
            <Spinner animation="border" size="sm" variant="primary" className="me-2" aria-hidden="true" />
            Loading activity…
          </div>
        )}
        {activity.isError && (
          <Alert variant="warning" className="mb-0 py-2">
            The activity could not be loaded. Please try again later.
          </Alert>
        )}
        {activity.isSuccess && activity.data.length === 0 && (
          <p className="text-body-secondary mb-0">No activity in the last {ACTIVITY_WINDOW_DAYS} days.</p>
        )}
        {activity.isSuccess && activity.data.length > 0 && (
          <Table responsive hover size="sm" className="mb-0 align-middle activity-table">
            <thead>
              <tr>
                <th scope="col">Time (IST)</th>
                <th scope="col">Activity</th>
                <th scope="col">Source</th>
                <th scope="col">IP address</th>
                <th scope="col">Device</th>
              </tr>
            </thead>
            <tbody>
              {activity.data.map((entry, index) => (
                <tr key={`${entry.at}-${entry.kind}-${index}`}>
                  <td className="text-nowrap font-monospace small">{formatIstDateTime(entry.at)}</td>
                  <td>{ACTIVITY_KIND_LABELS[entry.kind]}</td>
                  <td>{ACTIVITY_SOURCE_LABELS[entry.source]}</td>
                  <td className="text-nowrap">{entry.ip ?? '—'}</td>
                  <td className="activity-device text-truncate small text-body-secondary" title={entry.userAgent ?? ''}>
                    {entry.userAgent ?? '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card.Body>
    </Card>
  );
}

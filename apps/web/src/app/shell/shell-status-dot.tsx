import { systemClock, type Clock } from '@fnodesk/domain';
import { useEffect, useState } from 'react';
import { StatusDot } from '../../components/status-dot';
import { formatIstTime } from '../../lib/format-ist';
import { effectiveLiveStatus, secondsUntil, useLiveStatus } from '../../lib/live-status';
import { useUserSession } from '../../lib/use-session';
import { statusDotState } from './status-dot-state';

/** The top bar's data status dot, ticking once a second for its countdown (spec signed-in §2.2). */
export function ShellStatusDot({ clock = systemClock, className }: { clock?: Clock; className?: string }) {
  const session = useUserSession();
  const published = useLiveStatus();
  const [now, setNow] = useState(() => clock.now());

  useEffect(() => {
    const timer = clock.setInterval(() => setNow(clock.now()), 1000);
    return () => timer.cancel();
  }, [clock]);

  const status = effectiveLiveStatus(published, now);
  const state = statusDotState(now, {
    activeSubscription: session?.activeSubscription ?? false,
    brokerLoggedIn: session?.brokerLoggedIn ?? false,
  });
  return (
    <StatusDot
      className={className}
      state={state}
      lastUpdated={formatIstTime(status.lastUpdatedAt)}
      secondsToNext={secondsUntil(status.nextUpdateAt, now)}
    />
  );
}

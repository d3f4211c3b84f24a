import { systemClock, type Clock } from '@fnodesk/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { PopupNotice } from '../../components/info-popup';
import { formatIstDate } from '../../lib/format-ist';
import { readStoredItem, writeStoredItem } from '../../lib/local-storage';
import { useUserSession } from '../../lib/use-session';
import { paths } from '../paths';

/** The popup shows when this many days or fewer are left on a plan (spec signed-in §4.1). */
export const PLAN_EXPIRY_WARNING_DAYS = 3;
/** localStorage key of the day the expiry popup was last closed, so it shows once a day. */
export const PLAN_EXPIRY_NOTICE_STORAGE_KEY = 'planExpiryNotice';

const DAY_MS = 86_400_000;

/** A plan ending soon: its product, its end (ISO) and the whole days left (at least 1). */
export interface ExpiringPlan {
  product: 'Discover' | 'QuikTrade';
  validTill: string;
  daysLeft: number;
}

/** The plans among the user's that end within the warning window, soonest first. */
export function expiringPlans(
  validity: { subscriptionValidTill: string | null; tradeSubscriptionValidTill: string | null },
  now: number,
): ExpiringPlan[] {
  const plans: ExpiringPlan[] = [];
  const consider = (product: ExpiringPlan['product'], validTill: string | null) => {
    if (validTill === null) return;
    const left = Date.parse(validTill) - now;
    if (Number.isNaN(left) || left <= 0 || left > PLAN_EXPIRY_WARNING_DAYS * DAY_MS) return;
    plans.push({ product, validTill, daysLeft: Math.max(1, Math.ceil(left / DAY_MS)) });
  };
  consider('Discover', validity.subscriptionValidTill);
  consider('QuikTrade', validity.tradeSubscriptionValidTill);
  return plans.sort((a, b) => Date.parse(a.validTill) - Date.parse(b.validTill));
}

/**
 * The plan-expiry popup (spec signed-in §2.5, §4.1), or null: with 3 days or fewer left on a plan (validity as
 * billing reports it in the session), once a day, it offers the renewal on My Subscriptions.
 */
export function usePlanExpiryNotice(clock: Clock = systemClock): PopupNotice | null {
  const session = useUserSession();
  const navigate = useNavigate();
  const [now] = useState(() => clock.now());
  const today = formatIstDate(now);
  const [dismissed, setDismissed] = useState(() => readStoredItem(PLAN_EXPIRY_NOTICE_STORAGE_KEY) === today);
  if (session === null || dismissed) return null;
  const plans = expiringPlans(session, now);
  if (plans.length === 0) return null;
  const close = () => {
    writeStoredItem(PLAN_EXPIRY_NOTICE_STORAGE_KEY, today);
    setDismissed(true);
  };
  return {
    id: 'plan-expiry',
    title: 'Your plan is expiring',
    lines: [
      ...plans.map(
        (plan) =>
          `Your ${plan.product} plan ends on ${formatIstDate(plan.validTill)}: ${plan.daysLeft} ${plan.daysLeft === 1 ? 'day' : 'days'} left.`,
      ),
      'Renew now to keep using the product without a break.',
    ],
    primary: {
      label: 'Renew Plan',
      onClick: () => {
        close();
        void navigate(paths.subscriptions);
      },
    },
    secondary: { label: 'Later', onClick: close },
    onClose: close,
  };
}

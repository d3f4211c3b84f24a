import { useState } from 'react';
import type { PopupNotice } from '../../components/info-popup';
import { readStoredItem, writeStoredItem } from '../../lib/local-storage';
import { BREAKPOINTS, useMediaQuery } from '../../lib/breakpoints';
import type { AppPage } from '../app-pages';

/** The general notice for phones (spec signed-in §2.5). */
export const MOBILE_NOTICE =
  'Not all screens are optimized for Mobile viewing. Please use a big screen for viewing this app.';

/** localStorage key of the notice's state (spec signed-in §3: mobile-view-popup {isPopup}). */
export const MOBILE_NOTICE_STORAGE_KEY = 'mobile-view-popup';

function generalNoticeWanted(): boolean {
  const raw = readStoredItem(MOBILE_NOTICE_STORAGE_KEY);
  if (raw === null) return true;
  try {
    const stored: unknown = JSON.parse(raw);
    return !(typeof stored === 'object' && stored !== null && 'isPopup' in stored && stored.isPopup === false);
  } catch {
    return true;
  }
}

/**
 * The phone notice, or null: below the md breakpoint the general notice shows until the user acknowledges it once;
 * a page with a notice of its own (the order-flow chart) shows that one on every visit.
 */
export function useMobileNotice(page: AppPage | undefined): PopupNotice | null {
  const small = useMediaQuery(`(max-width: ${BREAKPOINTS.md - 0.02}px)`);
  const [generalWanted, setGeneralWanted] = useState(generalNoticeWanted);
  const [pageNoticeSeenOn, setPageNoticeSeenOn] = useState<string | null>(null);
  if (!small) return null;

  if (page?.mobileNotice !== undefined && pageNoticeSeenOn !== page.path) {
    const path = page.path;
    return {
      id: `mobile-${path}`,
      title: 'Notice',
      lines: [page.mobileNotice],
      primary: { label: 'Ok', onClick: () => setPageNoticeSeenOn(path) },
    };
  }
  if (!generalWanted) return null;
  return {
    id: 'mobile',
    title: 'Notice',
    lines: [MOBILE_NOTICE],
    primary: {
      label: 'Ok',
      onClick: () => {
        writeStoredItem(MOBILE_NOTICE_STORAGE_KEY, JSON.stringify({ isPopup: false }));
        setGeneralWanted(false);
      },
    },
  };
}

import type { ReactNode } from 'react';
import type { NavIconName } from '../navigation/nav-groups';

function Svg({ children, size = 18 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      viewBox="0 0 16 16"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.4"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

const NAV_ICON_SHAPES: Readonly<Record<NavIconName, ReactNode>> = {
  orderflow: (
    <>
      <path d="M2 14h12" />
      <rect x="3" y="8" width="2.4" height="4" />
      <rect x="6.8" y="5" width="2.4" height="7" />
      <rect x="10.6" y="2" width="2.4" height="10" />
    </>
  ),
  futures: <path d="M1.5 12.5 5.5 8l3 2.5 6-7M11 3.5h3.5V7" />,
  'pre-market': (
    <>
      <path d="M1.5 12.5h13M4.5 12.5a3.5 3.5 0 0 1 7 0" />
      <path d="M8 3v2M3.2 5.2l1.4 1.4M12.8 5.2l-1.4 1.4" />
    </>
  ),
  seasonality: (
    <>
      <rect x="2" y="3" width="12" height="11" rx="1.5" />
      <path d="M2 6.5h12M5 1.5v3M11 1.5v3M5 9.5h1M7.5 9.5h1M10 9.5h1M5 12h1M7.5 12h1" />
    </>
  ),
  chart: (
    <>
      <path d="M4 2v12M8 4v10M12 1.5V12" />
      <rect x="2.8" y="5" width="2.4" height="5" fill="currentColor" />
      <rect x="6.8" y="7" width="2.4" height="4" />
      <rect x="10.8" y="3.5" width="2.4" height="5" fill="currentColor" />
    </>
  ),
  options: <path d="M8 1.5 14.5 5 8 8.5 1.5 5zM1.5 8 8 11.5 14.5 8M1.5 11 8 14.5l6.5-3.5" />,
  strategy: <path d="M1.5 3 8 12.5 14.5 3M1.5 12.5h13" />,
  breadth: (
    <>
      <rect x="2" y="2" width="5" height="5" rx="1" />
      <rect x="9" y="2" width="5" height="5" rx="1" />
      <rect x="2" y="9" width="5" height="5" rx="1" />
      <rect x="9" y="9" width="5" height="5" rx="1" />
    </>
  ),
  'fii-dii': (
    <>
      <circle cx="5.5" cy="5" r="2.2" />
      <circle cx="11" cy="6" r="1.8" />
      <path d="M1.5 13.5a4 4 0 0 1 8 0M9.5 13.5a3 3 0 0 1 5 0" />
    </>
  ),
  'ban-list': (
    <>
      <circle cx="8" cy="8" r="6.2" />
      <path d="m3.6 12.4 8.8-8.8" />
    </>
  ),
  'holiday-list': (
    <>
      <rect x="2" y="3" width="12" height="11" rx="1.5" />
      <path d="M2 6.5h12M5 1.5v3M11 1.5v3M6.2 8.6l3.6 3.6M9.8 8.6l-3.6 3.6" />
    </>
  ),
  dashboard: (
    <>
      <path d="M2 11.5a6 6 0 1 1 12 0" />
      <path d="M8 11.5 10.8 6.3M2 11.5h2M12 11.5h2M8 4v1.2" />
    </>
  ),
  account: (
    <>
      <circle cx="8" cy="5" r="3" />
      <path d="M2.5 14.5a5.5 5.5 0 0 1 11 0" />
    </>
  ),
};

/** The icon of a navigation group. */
export function NavIcon({ name }: { name: NavIconName }) {
  return <Svg>{NAV_ICON_SHAPES[name]}</Svg>;
}

/** Three lines: opens the navigation on small screens. */
export function MenuIcon() {
  return (
    <Svg size={20}>
      <path d="M2 4h12M2 8h12M2 12h12" />
    </Svg>
  );
}

/** A cog: the settings panel. */
export function GearIcon() {
  return (
    <Svg>
      <circle cx="8" cy="8" r="2.3" />
      <path d="M8 1.5v2M8 12.5v2M1.5 8h2M12.5 8h2M3.4 3.4l1.4 1.4M11.2 11.2l1.4 1.4M3.4 12.6l1.4-1.4M11.2 4.8l1.4-1.4" />
    </Svg>
  );
}

/** Chevrons pointing to the navigation's inner edge: collapse it (they are mirrored in right-to-left layouts). */
export function CollapseIcon() {
  return (
    <Svg>
      <path d="M9.5 3.5 5 8l4.5 4.5M13 3.5 8.5 8l4.5 4.5" />
    </Svg>
  );
}

/** A chevron that turns when its group opens. */
export function ChevronIcon() {
  return (
    <Svg size={14}>
      <path d="m4.5 6 3.5 3.5L11.5 6" />
    </Svg>
  );
}

/** A person in a circle: the user menu. */
export function UserIcon() {
  return (
    <Svg size={20}>
      <circle cx="8" cy="8" r="6.5" />
      <circle cx="8" cy="6.5" r="2.2" />
      <path d="M4.3 12.6a4.2 4.2 0 0 1 7.4 0" />
    </Svg>
  );
}

/** A bolt: Quik Trade. */
export function BoltIcon() {
  return (
    <Svg size={16}>
      <path d="M9 1.5 3.5 9H8l-1 5.5L12.5 7H8z" fill="currentColor" />
    </Svg>
  );
}

/** A gift: the offers. */
export function GiftIcon() {
  return (
    <Svg size={16}>
      <rect x="2" y="6" width="12" height="3" rx="0.8" />
      <path d="M3 9v5h10V9M8 6v8M8 6C6.5 3 4 3.5 4.5 5S8 6 8 6M8 6c1.5-3 4-2.5 3.5-1S8 6 8 6" />
    </Svg>
  );
}

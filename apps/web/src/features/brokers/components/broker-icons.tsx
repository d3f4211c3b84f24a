import type { ReactNode } from 'react';

function icon(children: ReactNode) {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" fill="currentColor" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/** Arrow into a door: log in. */
export function LoginIcon() {
  return icon(
    <>
      <path d="M6 3.5a.5.5 0 0 1 .5-.5h6a.5.5 0 0 1 .5.5v9a.5.5 0 0 1-.5.5h-6a.5.5 0 0 1-.5-.5v-2a.5.5 0 0 0-1 0v2A1.5 1.5 0 0 0 6.5 14h6a1.5 1.5 0 0 0 1.5-1.5v-9A1.5 1.5 0 0 0 12.5 2h-6A1.5 1.5 0 0 0 5 3.5v2a.5.5 0 0 0 1 0z" />
      <path d="M11.85 8.35a.5.5 0 0 0 0-.7l-3-3a.5.5 0 1 0-.7.7L10.29 7.5H1.5a.5.5 0 0 0 0 1h8.79l-2.14 2.15a.5.5 0 0 0 .7.7z" />
    </>,
  );
}

/** Arrow out of a door: log out. */
export function LogoutIcon() {
  return icon(
    <>
      <path d="M10 12.5a.5.5 0 0 1-.5.5h-6a.5.5 0 0 1-.5-.5v-9a.5.5 0 0 1 .5-.5h6a.5.5 0 0 1 .5.5v2a.5.5 0 0 0 1 0v-2A1.5 1.5 0 0 0 9.5 2h-6A1.5 1.5 0 0 0 2 3.5v9A1.5 1.5 0 0 0 3.5 14h6a1.5 1.5 0 0 0 1.5-1.5v-2a.5.5 0 0 0-1 0z" />
      <path d="M15.85 8.35a.5.5 0 0 0 0-.7l-3-3a.5.5 0 0 0-.7.7L14.29 7.5H5.5a.5.5 0 0 0 0 1h8.79l-2.14 2.15a.5.5 0 0 0 .7.7z" />
    </>,
  );
}

/** A bin: delete. */
export function DeleteIcon() {
  return icon(
    <path d="M5.5 5.5A.5.5 0 0 1 6 6v6a.5.5 0 0 1-1 0V6a.5.5 0 0 1 .5-.5m2.5 0a.5.5 0 0 1 .5.5v6a.5.5 0 0 1-1 0V6a.5.5 0 0 1 .5-.5m3 .5a.5.5 0 0 0-1 0v6a.5.5 0 0 0 1 0zM14.5 3a1 1 0 0 1-1 1H13v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V4h-.5a1 1 0 0 1-1-1V2a1 1 0 0 1 1-1H6a1 1 0 0 1 1-1h2a1 1 0 0 1 1 1h3.5a1 1 0 0 1 1 1zM4.12 4 4 4.06V13a1 1 0 0 0 1 1h6a1 1 0 0 0 1-1V4.06L11.88 4zM2.5 3h11V2h-11z" />,
  );
}

/** A chevron that points down when `open`. */
export function ChevronIcon({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 16 16"
      width="14"
      height="14"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      style={{ transform: open ? 'rotate(90deg)' : undefined, transition: 'transform 0.15s' }}
    >
      <path d="M4.65 1.65a.5.5 0 0 1 .7 0l6 6a.5.5 0 0 1 0 .7l-6 6a.5.5 0 0 1-.7-.7L10.29 8 4.65 2.35a.5.5 0 0 1 0-.7" />
    </svg>
  );
}

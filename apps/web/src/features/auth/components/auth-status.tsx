import type { ReactNode } from 'react';

/** Props of `AuthStatus`. */
export interface AuthStatusProps {
  tone: 'success' | 'danger' | 'neutral';
  title: string;
  subtitle?: string;
  children?: ReactNode;
}

const ICONS: Readonly<Record<AuthStatusProps['tone'], string>> = { success: '✓', danger: '!', neutral: '→' };

/** The outcome of an account step (a sent link, a verified e-mail, a sign-out): an icon, a title and what next. */
export function AuthStatus({ tone, title, subtitle, children }: AuthStatusProps) {
  return (
    <div className="text-center py-lg-4" role={tone === 'danger' ? 'alert' : 'status'}>
      <p className={`auth-status-icon auth-status-${tone} mx-auto mb-3`} aria-hidden="true">
        {ICONS[tone]}
      </p>
      <h1 className="h3 fw-bold mb-1">{title}</h1>
      {subtitle !== undefined && <h2 className="h5 text-body-secondary fw-normal mb-3">{subtitle}</h2>}
      {children}
    </div>
  );
}

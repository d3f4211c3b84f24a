import { Link } from 'react-router';
import { useBrandName } from '../../lib/public-config';

/** The logo and product name, linking to the app's first page; `compact` hides the name on phones. */
export function ShellBrand({ to, className, compact = false }: { to: string; className?: string; compact?: boolean }) {
  const brand = useBrandName();
  return (
    <Link to={to} className={['shell-brand d-flex align-items-center gap-2', className].filter(Boolean).join(' ')}>
      <img src="/favicon.svg" alt="" width="26" height="26" />
      <span className={compact ? 'shell-brand-name shell-brand-name-compact' : 'shell-brand-name'}>{brand}</span>
    </Link>
  );
}

import { Link } from 'react-router-dom';
import { paths } from '../config/paths';

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#4338ca" />
      <path d="M9 8v9a7 7 0 0 0 14 0V8h-4v9a3 3 0 0 1-6 0V8z" fill="#fff" />
      <path d="M22 6h4l-2-3z" fill="#f59e0b" />
    </svg>
  );
}

export function Logo() {
  return (
    <Link to={paths.home} className="logo" aria-label="Upskill home">
      <LogoMark />
      <span>Upskill</span>
    </Link>
  );
}

import { ENROLLMENT_STATUS_LABELS, type EnrollmentStatus } from '@upskill/domain/enrollment';

export function StatusBadge({ status }: { status: EnrollmentStatus }) {
  return (
    <span className={`badge staff-status staff-status--${status}`} data-testid="staff-status">
      {ENROLLMENT_STATUS_LABELS[status] ?? status}
    </span>
  );
}

interface PagerProps {
  label: string;
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

export function Pager({ label, page, hasPrevious, hasNext, onPrevious, onNext }: PagerProps) {
  if (!hasPrevious && !hasNext) return null;
  return (
    <nav className="staff-pager" aria-label={label}>
      <button type="button" className="btn btn--secondary btn--sm" onClick={onPrevious} disabled={!hasPrevious}>
        Previous
      </button>
      <span aria-live="polite">Page {page}</span>
      <button type="button" className="btn btn--secondary btn--sm" onClick={onNext} disabled={!hasNext}>
        Next
      </button>
    </nav>
  );
}

import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { User } from 'firebase/auth';
import type { BookingView, MentorDeskAnswer } from '@upskill/domain/mentoring';
import { paths } from '../../config/paths';
import { ApiError, failureMessage } from '../../lib/api';
import { LoadFailed } from '../../components/LoadFailed';
import { useApiLoad } from '../../lib/useApiLoad';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { useAuthUser } from '../auth';
import { fetchDesk } from './api';
import { useNow } from '../../lib/useNow';
import { INDIA } from './time';
import { ProfileForm } from './ProfileForm';
import { DeskBooking } from './DeskBooking';
import './mentoring.css';

type Desk = MentorDeskAnswer;
function Desk({ user }: { user: User }) {
  const nowMs = useNow();
  const { load, reload, update } = useApiLoad(
    useCallback((signal: AbortSignal) => fetchDesk(user, signal), [user]),
    (err) =>
      err instanceof ApiError && err.status === 403
        ? err.message
        : failureMessage(err, 'Your mentoring could not be loaded. Check your connection, then try again.'),
  );
  const [notice, setNotice] = useState<string>();
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const show = useCallback((note: string) => {
    setNotice(note);
    requestAnimationFrame(() => noticeRef.current?.focus());
  }, []);

  if (load.state === 'loading') return <p role="status">Loading…</p>;
  if (load.state === 'error' && load.status !== 403) return <LoadFailed message={load.message} onRetry={reload} />;
  if (load.state === 'error')
    return (
      <div className="state">
        <p>{load.message} Mentors are added by our team. Your own sessions are on My Courses.</p>
        <Link className="btn btn--primary" to={paths.myCourses}>
          My Courses
        </Link>
      </div>
    );
  const desk = load.answer;
  const zone = desk.profile?.availability.timeZone ?? INDIA;
  const upcoming = desk.bookings.filter((b) => b.endsAtMs > nowMs);
  const past = desk.bookings.filter((b) => b.endsAtMs <= nowMs).reverse();
  const replace = (next: BookingView, note: string) => {
    update((current) => ({ ...current, bookings: current.bookings.map((b) => (b.id === next.id ? { ...b, ...next } : b)) }));
    show(note);
  };
  return (
    <div className="mentor-desk mentoring">
      {notice && (
        <p ref={noticeRef} tabIndex={-1} className="status status--success" role="status">
          {notice}
        </p>
      )}
      <section aria-labelledby="upcoming-title">
        <h2 id="upcoming-title">Coming up</h2>
        {upcoming.length === 0 ? (
          <p className="muted">No sessions booked yet.</p>
        ) : (
          <ul className="mentoring__bookings">
            {upcoming.map((b) => (
              <DeskBooking key={b.id} booking={b} user={user} zone={zone} nowMs={nowMs} onChanged={replace} />
            ))}
          </ul>
        )}
      </section>
      {past.length > 0 && (
        <section aria-labelledby="past-title">
          <h2 id="past-title">Past sessions</h2>
          <ul className="mentoring__bookings">
            {past.map((b) => (
              <DeskBooking key={b.id} booking={b} user={user} zone={zone} nowMs={nowMs} onChanged={replace} />
            ))}
          </ul>
        </section>
      )}
      {desk.isMentor ? (
        <ProfileForm
          key={desk.profile ? 'saved' : 'new'}
          desk={desk}
          user={user}
          onSaved={(next, note) => (update(() => next), show(note))}
        />
      ) : (
        <p className="status status--info">
          You see this page as staff. Mentors keep their profile and hours here; make one on the console’s Team page.
        </p>
      )}
    </div>
  );
}

export default function MentoringPage() {
  useDocumentMeta('My mentoring', 'Your mentoring sessions, notes, scorecards and hours.', { noindex: true });
  const auth = useAuthUser();
  return (
    <section className="section">
      <div className="container">
        <h1>My mentoring</h1>
        {auth.status !== 'ready' ? (
          <p role="status">Loading…</p>
        ) : auth.user ? (
          <Desk user={auth.user} />
        ) : (
          <div className="state">
            <p>User is not logged in.</p>
            <Link className="btn btn--primary" to={paths.login} state={{ from: paths.mentoring }}>
              Sign in
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}

import { useCallback, useEffect, useId, useState } from 'react';
import type { User } from 'firebase/auth';
import type { StaffMentoringAnswer } from '@upskill/domain/mentoring';
import { PLACEMENT_LABELS, PLACEMENT_STATES, type PlacementState } from '@upskill/domain/mentoring';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { actionFailure, mentoringBoard, movePlacement } from './staffApi';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'done'; placements: StaffMentoringAnswer['placements'] };

/** The next states a request may move to: one step forward, or closed. */
const nextStates = (state: PlacementState): PlacementState[] => {
  if (state === 'closed') return [];
  const next = PLACEMENT_STATES[PLACEMENT_STATES.indexOf(state) + 1];
  return next === 'closed' ? ['closed'] : [next, 'closed'];
};

function PlacementRow({
  item,
  token,
  onMoved,
}: {
  item: StaffMentoringAnswer['placements'][number];
  token: () => Promise<string>;
  onMoved: (note: string) => void;
}) {
  const options = nextStates(item.state);
  const [state, setState] = useState<PlacementState | ''>(options[0] ?? '');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const ids = { state: useId(), note: useId() };
  return (
    <tr data-testid="placement-row">
      <td>
        {item.name}
        <br />
        <span className="muted">{item.email}</span>
      </td>
      <td>{item.note}</td>
      <td>{PLACEMENT_LABELS[item.state]}</td>
      <td>
        {options.length === 0 ? (
          '—'
        ) : (
          <form
            className="placement-move"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (!state) return;
              setError(undefined);
              movePlacement(token, item.id, state, note.trim()).then(
                () => onMoved(`${item.name}’s request: ${PLACEMENT_LABELS[state]}.`),
                (err: unknown) => setError(actionFailure(err)),
              );
            }}
          >
            <label htmlFor={ids.state} className="visually-hidden">
              Next step for {item.name}
            </label>
            <select id={ids.state} value={state} onChange={(e) => setState(e.target.value as PlacementState)}>
              {options.map((s) => (
                <option key={s} value={s}>
                  {PLACEMENT_LABELS[s]}
                </option>
              ))}
            </select>
            <label htmlFor={ids.note} className="visually-hidden">
              Note for {item.name}
            </label>
            <input id={ids.note} placeholder="Note (optional)" value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
            <button type="submit" className="btn btn--primary btn--sm">
              Move
            </button>
            {error && (
              <span className="field__error" role="alert">
                {error}
              </span>
            )}
          </form>
        )}
      </td>
    </tr>
  );
}

/** The placement team's queue: open requests first, each moved one step at a time; the learner sees each step. */
export function PlacementsView({ user }: { user: User }) {
  useDocumentMeta('Placement requests · Staff console', 'Upskill staff: placement requests.', { noindex: true });
  const token = useCallback(() => user.getIdToken(), [user]);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [notice, setNotice] = useState<string>();
  const [version, setVersion] = useState(0);
  const captionId = useId();
  useEffect(() => {
    let live = true;
    mentoringBoard(token, {}).then(
      (answer) => live && setLoad({ state: 'done', placements: answer.placements }),
      (err: unknown) => live && setLoad({ state: 'error', message: actionFailure(err) }),
    );
    return () => {
      live = false;
    };
  }, [token, version]);
  return (
    <>
      <h1>Placement requests</h1>
      <p className="muted">
        Platinum and Elite learners ask after a mock interview rated ready. Move each request one step at a time; the learner sees each
        step. Never promise a job or an outcome.
      </p>
      {notice && (
        <p className="status status--success" role="status">
          {notice}
        </p>
      )}
      {load.state === 'loading' && <p role="status">Loading placement requests…</p>}
      {load.state === 'error' && (
        <p className="status status--error" role="alert">
          {load.message}
        </p>
      )}
      {load.state === 'done' && (
        <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className="staff-table">
            <caption id={captionId}>Placement requests, open first</caption>
            <thead>
              <tr>
                <th scope="col">Learner</th>
                <th scope="col">Looking for</th>
                <th scope="col">Now</th>
                <th scope="col">Next step</th>
              </tr>
            </thead>
            <tbody>
              {load.placements.length === 0 && (
                <tr>
                  <td colSpan={4}>No placement requests yet.</td>
                </tr>
              )}
              {load.placements.map((p) => (
                <PlacementRow
                  key={`${p.id}-${p.state}`}
                  item={p}
                  token={token}
                  onMoved={(note) => {
                    setNotice(note);
                    setVersion((v) => v + 1);
                  }}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

import { yupResolver } from '@hookform/resolvers/yup';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { object, string } from 'yup';
import { MAX_EXTENSION_DAYS, extensionSchema } from '@upskill/domain/assignments';
import { recordingSchema, rescheduleSchema, sessionCancelSchema, type TeachingBatch, type TeachingSession } from '@upskill/domain/teaching';
import { FormField } from '../../components/FormField';
import { failureMessage } from '../../lib/api';
import type { SessionAction } from './api';

export type Act = (action: SessionAction, body: Record<string, unknown>) => Promise<void>;

const failure = (err: unknown) => failureMessage(err, 'The request did not reach the server. Please try again.');
const indiaDate = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(iso));
const indiaTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Kolkata' }).format(
    new Date(iso),
  );

/** Present or absent for each learner of the batch: each box saves at once. */
export function AttendanceForm({ batch, session, act }: { batch: TeachingBatch; session: TeachingSession; act: Act }) {
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  // What the boxes show: the server's list, with each change shown at once and undone if it fails.
  const [present, setPresent] = useState<ReadonlySet<string>>(() => new Set(session.present));
  if (batch.roster.length === 0) return <p>No learners in this batch yet.</p>;
  return (
    <fieldset className="teaching-form">
      <legend>
        Attendance: session {session.index + 1}, {session.topic}
      </legend>
      {error && (
        <p className="status status--error" role="alert">
          {error}
        </p>
      )}
      {batch.roster.map((learner) => (
        <label key={learner.enrollmentId} className="check">
          <input
            type="checkbox"
            checked={present.has(learner.enrollmentId)}
            disabled={saving !== null}
            onChange={async (e) => {
              const mark = e.target.checked;
              const toggled = (set: ReadonlySet<string>, on: boolean) => {
                const next = new Set(set);
                if (on) next.add(learner.enrollmentId);
                else next.delete(learner.enrollmentId);
                return next;
              };
              setError(null);
              setSaving(learner.enrollmentId);
              setPresent((set) => toggled(set, mark));
              try {
                await act('attendance', { enrollmentId: learner.enrollmentId, present: mark });
              } catch (err) {
                setPresent((set) => toggled(set, !mark));
                setError(failure(err));
              } finally {
                setSaving(null);
              }
            }}
          />
          {learner.name} <span className="muted">({learner.email})</span>
        </label>
      ))}
    </fieldset>
  );
}

function useSubmit(act: Act, action: SessionAction, done: () => void) {
  const [alert, setAlert] = useState<string | null>(null);
  const submit = async (body: Record<string, unknown>) => {
    setAlert(null);
    try {
      await act(action, body);
      done();
    } catch (err) {
      setAlert(failure(err));
    }
  };
  return { alert, submit };
}

export function RecordingForm({ session, act, done }: { session: TeachingSession; act: Act; done: () => void }) {
  const { alert, submit } = useSubmit(act, 'recording', done);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: yupResolver(recordingSchema),
    defaultValues: { recordingUrl: session.recordingUrl ?? '', notes: session.notes ?? '' },
  });
  return (
    <form
      className="teaching-form"
      noValidate
      aria-label={`Recording of session ${session.index + 1}`}
      onSubmit={handleSubmit((v) => submit({ recordingUrl: v.recordingUrl.trim(), ...(v.notes?.trim() ? { notes: v.notes.trim() } : {}) }))}
    >
      {alert && (
        <p className="status status--error" role="alert">
          {alert}
        </p>
      )}
      <FormField label="Recording link" hint="https, e.g. a shared video link" error={errors.recordingUrl?.message}>
        <input className="input" type="url" {...register('recordingUrl')} />
      </FormField>
      <FormField label="Notes for learners (optional)" error={errors.notes?.message}>
        <textarea className="input" rows={2} {...register('notes')} />
      </FormField>
      <button type="submit" className="btn btn--primary btn--sm" disabled={isSubmitting}>
        Save recording
      </button>
    </form>
  );
}

export function RescheduleForm({ session, act, done }: { session: TeachingSession; act: Act; done: () => void }) {
  const { alert, submit } = useSubmit(act, 'reschedule', done);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: yupResolver(rescheduleSchema),
    defaultValues: {
      date: indiaDate(session.startsAt),
      startTime: indiaTime(session.startsAt),
      endTime: indiaTime(session.endsAt),
      reason: '',
    },
  });
  return (
    <form
      className="teaching-form"
      noValidate
      aria-label={`Reschedule session ${session.index + 1}`}
      onSubmit={handleSubmit((v) => submit({ ...v, reason: v.reason.trim() }))}
    >
      {alert && (
        <p className="status status--error" role="alert">
          {alert}
        </p>
      )}
      <FormField label="New date" error={errors.date?.message}>
        <input className="input" type="date" {...register('date')} />
      </FormField>
      <FormField label="Starts (IST)" error={errors.startTime?.message}>
        <input className="input" type="time" {...register('startTime')} />
      </FormField>
      <FormField label="Ends (IST)" error={errors.endTime?.message}>
        <input className="input" type="time" {...register('endTime')} />
      </FormField>
      <FormField label="Reason (learners see it)" error={errors.reason?.message}>
        <input className="input" {...register('reason')} />
      </FormField>
      <button type="submit" className="btn btn--primary btn--sm" disabled={isSubmitting}>
        Move the session and tell learners
      </button>
    </form>
  );
}

export function CancelForm({ session, act, done }: { session: TeachingSession; act: Act; done: () => void }) {
  const { alert, submit } = useSubmit(act, 'cancel', done);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: yupResolver(sessionCancelSchema), defaultValues: { reason: '' } });
  return (
    <form
      className="teaching-form"
      noValidate
      aria-label={`Cancel session ${session.index + 1}`}
      onSubmit={handleSubmit((v) => submit({ reason: v.reason.trim() }))}
    >
      {alert && (
        <p className="status status--error" role="alert">
          {alert}
        </p>
      )}
      <FormField label="Reason (learners see it)" error={errors.reason?.message}>
        <input className="input" {...register('reason')} />
      </FormField>
      <button type="submit" className="btn btn--secondary btn--sm" disabled={isSubmitting}>
        Cancel the session and tell learners
      </button>
    </form>
  );
}

const extensionFormSchema = extensionSchema.concat(
  object({
    enrollmentId: string().required('Choose a learner.'),
    assignmentId: string().required('Choose an assignment.'),
  }),
);

/** More days for one learner on one assignment, with the reason (audited); 0 days takes an extension back. */
export function ExtensionForm({
  batch,
  extend,
}: {
  batch: TeachingBatch;
  extend: (enrollmentId: string, assignmentId: string, body: { days: number; reason: string }) => Promise<void>;
}) {
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: yupResolver(extensionFormSchema), defaultValues: { enrollmentId: '', assignmentId: '', days: 3, reason: '' } });
  const submit = async (v: { enrollmentId: string; assignmentId: string; days: number; reason: string }) => {
    setAlert(null);
    setDone(null);
    try {
      await extend(v.enrollmentId, v.assignmentId, { days: v.days, reason: v.reason.trim() });
      const who = batch.roster.find((l) => l.enrollmentId === v.enrollmentId)?.name ?? 'The learner';
      const what = batch.assignments.find((a) => a.id === v.assignmentId)?.title ?? v.assignmentId;
      setDone(v.days === 0 ? `${who}'s extension on ${what} is taken back.` : `${who} has ${v.days} more days for ${what}.`);
      reset({ enrollmentId: '', assignmentId: '', days: 3, reason: '' });
    } catch (err) {
      setAlert(failure(err));
    }
  };
  return (
    <form
      className="teaching-form"
      noValidate
      aria-label={`Extend a deadline in ${batch.offering}, ${batch.label}`}
      onSubmit={handleSubmit(submit)}
    >
      {alert && (
        <p className="status status--error" role="alert">
          {alert}
        </p>
      )}
      {done && (
        <p className="status status--success" role="status">
          {done}
        </p>
      )}
      <FormField label="Learner" error={errors.enrollmentId?.message}>
        <select className="input" {...register('enrollmentId')}>
          <option value="">Choose a learner</option>
          {batch.roster.map((l) => (
            <option key={l.enrollmentId} value={l.enrollmentId}>
              {l.name}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label="Assignment" error={errors.assignmentId?.message}>
        <select className="input" {...register('assignmentId')}>
          <option value="">Choose an assignment</option>
          {batch.assignments.map((a) => (
            <option key={a.id} value={a.id}>
              {a.title}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={`More days (0 to ${MAX_EXTENSION_DAYS}; 0 takes it back)`} error={errors.days?.message}>
        <input
          className="input"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_EXTENSION_DAYS}
          {...register('days', { valueAsNumber: true })}
        />
      </FormField>
      <FormField label="Reason (kept on the audit trail)" error={errors.reason?.message}>
        <input className="input" {...register('reason')} />
      </FormField>
      <button type="submit" className="btn btn--secondary btn--sm" disabled={isSubmitting}>
        Extend the deadline
      </button>
    </form>
  );
}

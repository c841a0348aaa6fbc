import type { MentorDeskAnswer } from '@upskill/domain/mentoring';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { User } from 'firebase/auth';
import { COURSES } from '@upskill/domain/catalogue';
import { mentorProfileSchema, SESSION_KINDS, SESSION_LABELS } from '@upskill/domain/mentoring';
import { FormField } from '../../components/FormField';
import { ApiError, failureMessage } from '../../lib/api';
import { saveProfile } from './api';
import { schemaErrors } from '../../lib/schemaErrors';
import { ZONES, browserZone } from './time';

/** The mentor's own profile and weekly hours, on the mentoring desk. */
type Desk = MentorDeskAnswer;
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

// ---- The profile and hours form ----

interface ProfileValues {
  name: string;
  headline: string;
  photo: string;
  courseIds: string[];
  languages: string;
  kinds: string[];
  timeZone: string;
  day0: string;
  day1: string;
  day2: string;
  day3: string;
  day4: string;
  day5: string;
  day6: string;
  overrides: string;
  bufferMinutes: string;
  dailyMax: string;
}
type DayField = `day${0 | 1 | 2 | 3 | 4 | 5 | 6}`;
const dayField = (day: number) => `day${day}` as DayField;

/** "09:00-12:00, 14:00-17:00" as ranges; a piece that is not a range is kept as it is, for the schema to name. */
const rangesOf = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [start = part, end = ''] = part.split(/\s*[-–]\s*/);
      return { start, end };
    });
const rangesText = (ranges: { start: string; end: string }[] | undefined) => (ranges ?? []).map((r) => `${r.start}-${r.end}`).join(', ');

/** One override per line: "2026-12-25: off" or "2026-12-26: 10:00-12:00". */
const overridesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [date, hours = ''] = line.split(/:\s+|:(?=\s*off)/i);
      return { date: date.trim(), hours: /^\s*off\s*$/i.test(hours) ? [] : rangesOf(hours) };
    });

function bodyOf(v: ProfileValues) {
  const courseIds = v.courseIds.map(Number);
  return {
    name: v.name,
    headline: v.headline,
    photo: v.photo.trim() || null,
    courseIds,
    // The categories follow from the courses: one less thing to keep in step.
    categories: [...new Set(COURSES.filter((c) => courseIds.includes(c.id)).map((c) => c.category))],
    languages: v.languages
      .split(',')
      .map((l) => l.trim())
      .filter(Boolean),
    kinds: v.kinds,
    availability: {
      timeZone: v.timeZone,
      weekly: Object.fromEntries(DAYS.map((_, day) => [String(day), rangesOf(v[dayField(day)])])),
      overrides: overridesOf(v.overrides),
      bufferMinutes: Number(v.bufferMinutes),
      dailyMax: Number(v.dailyMax),
    },
  };
}

/** The schema's path (or the server's field) to the form's field. */
function fieldOf(path: string): keyof ProfileValues {
  const day = /^availability\.weekly\.(\d)/.exec(path);
  if (day) return dayField(Number(day[1]));
  if (path.startsWith('availability.overrides')) return 'overrides';
  const avail = /^availability\.(timeZone|bufferMinutes|dailyMax)/.exec(path);
  if (avail) return avail[1] as keyof ProfileValues;
  const top = path.split(/[.[]/)[0];
  return (top === 'categories' ? 'courseIds' : top) as keyof ProfileValues;
}

function defaultsOf(profile: Desk['profile']): ProfileValues {
  const a = profile?.availability;
  return {
    name: profile?.name ?? '',
    headline: profile?.headline ?? '',
    photo: profile?.photo ?? '',
    courseIds: (profile?.courseIds ?? []).map(String),
    languages: (profile?.languages ?? ['English']).join(', '),
    kinds: profile?.kinds ?? ['mentor-call'],
    timeZone: a?.timeZone ?? browserZone(),
    ...(Object.fromEntries(DAYS.map((_, day) => [dayField(day), rangesText(a?.weekly[day as 0])])) as Record<DayField, string>),
    overrides: (a?.overrides ?? []).map((o) => `${o.date}: ${o.hours.length ? rangesText(o.hours) : 'off'}`).join('\n'),
    bufferMinutes: String(a?.bufferMinutes ?? 10),
    dailyMax: String(a?.dailyMax ?? 4),
  };
}

export function ProfileForm({ desk, user, onSaved }: { desk: Desk; user: User; onSaved: (desk: Desk, note: string) => void }) {
  const [alert, setAlert] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ProfileValues>({ defaultValues: defaultsOf(desk.profile) });
  const zones = [...new Set([browserZone(), ...ZONES])];

  const submit = async (values: ProfileValues) => {
    setAlert(undefined);
    const body = bodyOf(values);
    // The domain's schema first, as the server runs it: the same messages, before anything is sent.
    let fields = await schemaErrors(mentorProfileSchema, body, fieldOf);
    if (Object.keys(fields).length === 0) {
      try {
        const saved = await saveProfile(user, body);
        const moved = saved.outsideHours.length;
        onSaved(
          saved,
          moved === 0
            ? 'Saved. Learners see your new hours now.'
            : `Saved. ${moved} booked session${moved === 1 ? ' is' : 's are'} outside your new hours: ${moved === 1 ? 'it stands' : 'they stand'}, marked below. Cancel any you cannot make, and the learner gets the session back.`,
        );
        return;
      } catch (err) {
        if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
          fields = Object.fromEntries(Object.entries(err.fields).map(([k, m]) => [fieldOf(k), m]));
        } else {
          setAlert(failureMessage(err, 'We could not reach the server. Nothing was saved; please try again.'));
          return;
        }
      }
    }
    const order: (keyof ProfileValues)[] = [
      'name',
      'headline',
      'photo',
      'courseIds',
      'languages',
      'kinds',
      'timeZone',
      ...DAYS.map((_, d) => dayField(d)),
      'overrides',
      'bufferMinutes',
      'dailyMax',
    ];
    const named = order.filter((f) => fields[f]);
    for (const f of named) setError(f, { message: fields[f] });
    if (named[0]) setFocus(named[0]);
    else setAlert(Object.values(fields)[0]);
  };

  return (
    <form className="card mentor-desk__profile" noValidate onSubmit={handleSubmit(submit)} aria-labelledby="profile-title">
      <h2 id="profile-title">Your profile and hours</h2>
      {!desk.profile && <p className="status status--info">Learners see you once your profile and hours are saved.</p>}
      {alert && (
        <p className="status status--error" role="alert">
          {alert}
        </p>
      )}
      <FormField label="Name" error={errors.name?.message}>
        <input className="input" autoComplete="name" {...register('name')} />
      </FormField>
      <FormField
        label="Headline"
        hint="What you do, in a line: e.g. Backend engineer, 8 years at a fintech"
        error={errors.headline?.message}
      >
        <input className="input" {...register('headline')} />
      </FormField>
      <FormField label="Photo (optional)" hint="An https link to a square portrait" error={errors.photo?.message}>
        <input className="input" type="url" {...register('photo')} />
      </FormField>
      <fieldset className="field" aria-describedby={errors.courseIds ? 'courses-error' : undefined}>
        <legend>Courses you mentor on</legend>
        <div className="mentor-desk__courses">
          {COURSES.map((c) => (
            <label key={c.id} className="choice">
              <input type="checkbox" value={String(c.id)} {...register('courseIds')} /> {c.name}
            </label>
          ))}
        </div>
        {errors.courseIds && (
          <span id="courses-error" className="field__error">
            {errors.courseIds.message}
          </span>
        )}
      </fieldset>
      <FormField label="Languages" hint="Separated by commas" error={errors.languages?.message}>
        <input className="input" {...register('languages')} />
      </FormField>
      <fieldset className="field" aria-describedby={errors.kinds ? 'kinds-error' : undefined}>
        <legend>Sessions you offer</legend>
        {SESSION_KINDS.map((k) => (
          <label key={k} className="choice">
            <input type="checkbox" value={k} {...register('kinds')} /> {SESSION_LABELS[k].many}
          </label>
        ))}
        {errors.kinds && (
          <span id="kinds-error" className="field__error">
            {errors.kinds.message}
          </span>
        )}
      </fieldset>
      <FormField
        label="Your time zone"
        hint="Your hours below are in this zone; learners see them in theirs."
        error={errors.timeZone?.message}
      >
        <select className="input" {...register('timeZone')}>
          {zones.map((z) => (
            <option key={z} value={z}>
              {z.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
      </FormField>
      <fieldset className="field hours-grid">
        <legend>Weekly hours</legend>
        <p className="field__hint">24-hour times, ranges separated by commas: 09:00-12:00, 14:00-17:00. Leave a day empty for no hours.</p>
        {DAYS.map((day, index) => (
          <FormField key={day} label={day} error={errors[dayField(index)]?.message}>
            <input className="input" inputMode="text" {...register(dayField(index))} />
          </FormField>
        ))}
      </fieldset>
      <FormField label="Date overrides" hint="One a line: 2026-12-25: off, or 2026-12-26: 10:00-12:00" error={errors.overrides?.message}>
        <textarea className="input" rows={3} {...register('overrides')} />
      </FormField>
      <FormField label="Buffer after each session (minutes)" error={errors.bufferMinutes?.message}>
        <input className="input" type="number" inputMode="numeric" min={0} max={60} {...register('bufferMinutes')} />
      </FormField>
      <FormField label="Most sessions a day" error={errors.dailyMax?.message}>
        <input className="input" type="number" inputMode="numeric" min={1} max={12} {...register('dailyMax')} />
      </FormField>
      <button type="submit" className="btn btn--primary" disabled={isSubmitting} aria-busy={isSubmitting}>
        Save profile and hours
      </button>
    </form>
  );
}

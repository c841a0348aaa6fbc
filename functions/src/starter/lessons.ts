import type { DecodedIdToken } from 'firebase-admin/auth';
import { Timestamp } from 'firebase-admin/firestore';
import { STARTER_PREVIEW_LESSONS, STARTER_PROGRAMMES, starterPercent, starterProgressSchema } from '@upskill/domain/starter';
import type {
  StarterLessonAnswer,
  StarterLessonSummary,
  StarterModuleAnswer,
  StarterProgressAnswer,
  StarterSummary,
} from '@upskill/domain/starter';
import type { AccountIdentity, OwnedEnrollments } from '../enrollment/access';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { validateBody } from '../http/validate';
import { learnerStarterProgrammes, starterProgrammesFor } from './access';
import { STARTER_MODULES, type StarterModule } from './content';
import { starterProgress, starterProgressRef } from './store';
import { runTransaction } from '../http/transaction';

const noModule = () => new HttpError('not-found', 'No such starter module.');
const noLesson = () => new HttpError('not-found', 'No such lesson.');

function moduleOf(slug: string): StarterModule {
  const found = STARTER_MODULES.get(slug);
  if (!found) throw noModule();
  return found;
}

/** What the lessons' pages say to someone without access: how to get it. */
const lockedMessage = (module: StarterModule) =>
  `This lesson is part of the ${module.programme.name} starter lessons: they open with Pre Registration for ${module.programme.name}, or with any course or plan of the programme.`;

interface Reader {
  uid: string | null;
  full: boolean;
  done: Set<string>;
}

/** Who is reading a module: signed out (a preview), or an account with its access and its progress. */
async function readerOf(account: DecodedIdToken | null, module: StarterModule, nowMs: number): Promise<Reader> {
  if (!account) return { uid: null, full: false, done: new Set() };
  const [open, progress] = await Promise.all([
    starterProgrammesFor(account, nowMs),
    withDeadline(starterProgressRef(account.uid, module.programme.slug).get()),
  ]);
  const known = new Set(module.lessons.map((l) => l.slug));
  // A lesson since renamed or removed is no longer counted.
  const done = new Set((progress.data()?.done ?? []).filter((slug) => known.has(slug)));
  return { uid: account.uid, full: open.has(module.programme.slug), done };
}

const summaryOf = (module: StarterModule, reader: Reader) =>
  module.lessons.map((lesson, i): StarterLessonSummary => ({
    slug: lesson.slug,
    position: lesson.position,
    title: lesson.title,
    minutes: lesson.minutes,
    open: reader.full || i < STARTER_PREVIEW_LESSONS,
    done: reader.done.has(lesson.slug),
  }));

/** GET /api/starter/{programme}: the lessons, which are open to the caller, and their progress. */
export async function starterModule(account: DecodedIdToken | null, programme: string, nowMs: number): Promise<StarterModuleAnswer> {
  const module = moduleOf(programme);
  const reader = await readerOf(account, module, nowMs);
  const lessons = summaryOf(module, reader);
  const done = lessons.filter((l) => l.done).length;
  return {
    programme: { slug: module.programme.slug, name: module.programme.name },
    access: reader.full ? 'full' : 'preview',
    signedIn: reader.uid !== null,
    lessons,
    done,
    percent: starterPercent(done, lessons.length),
  };
}

/** GET /api/starter/{programme}/{lesson}: a lesson to read; one beyond the preview is a 403 that says how to open it. */
export async function starterLesson(
  account: DecodedIdToken | null,
  programme: string,
  slug: string,
  nowMs: number,
): Promise<StarterLessonAnswer> {
  const module = moduleOf(programme);
  const index = module.lessons.findIndex((l) => l.slug === slug);
  if (index < 0) throw noLesson();
  const reader = await readerOf(account, module, nowMs);
  const lessons = summaryOf(module, reader);
  if (!lessons[index].open) throw new HttpError('permission-denied', lockedMessage(module));
  const neighbour = (i: number) => (module.lessons[i] ? { slug: module.lessons[i].slug, title: module.lessons[i].title } : null);
  return {
    programme: { slug: module.programme.slug, name: module.programme.name },
    lesson: lessons[index],
    html: module.lessons[index].html,
    previous: neighbour(index - 1),
    next: neighbour(index + 1),
    total: lessons.length,
    doneCount: lessons.filter((l) => l.done).length,
    access: reader.full ? 'full' : 'preview',
    signedIn: reader.uid !== null,
  };
}

/**
 * PUT /api/starter/{programme}/{lesson}/done {done}: marks the lesson done or not done, for readers with access. Saying
 * the same twice changes nothing (a set, in one transaction), so a resent request or a double click is harmless.
 */
export async function markLesson(
  account: DecodedIdToken,
  programme: string,
  slug: string,
  body: unknown,
  nowMs: number,
): Promise<StarterProgressAnswer> {
  const module = moduleOf(programme);
  if (!module.lessons.some((l) => l.slug === slug)) throw noLesson();
  const { done } = await validateBody(starterProgressSchema, body, 'Check the lesson’s state.');
  const open = await starterProgrammesFor(account, nowMs);
  if (!open.has(module.programme.slug)) throw new HttpError('permission-denied', lockedMessage(module));
  const ref = starterProgressRef(account.uid, module.programme.slug);
  const known = new Set(module.lessons.map((l) => l.slug));
  const after = await withDeadline(
    runTransaction(async (tx) => {
      const snap = await tx.get(ref);
      const stored = snap.data()?.done ?? [];
      const next = done ? (stored.includes(slug) ? stored : [...stored, slug]) : stored.filter((s) => s !== slug);
      // Nothing to change: nothing is written (the same request twice is one change).
      if (next.length !== stored.length)
        tx.set(ref, { uid: account.uid, programme: module.programme.slug, done: next, updatedAt: Timestamp.fromMillis(nowMs) });
      return next.filter((s) => known.has(s));
    }),
  );
  return {
    lesson: slug,
    done,
    doneCount: after.length,
    total: module.lessons.length,
    percent: starterPercent(after.length, module.lessons.length),
  };
}

/**
 * The learner's starter modules with their progress: those their enrollments open now, and any they have marked a
 * lesson done in (their progress stays theirs after a trial ends). For My Courses and the catalogue's preview.
 */
export async function starterSummaries(
  account: AccountIdentity,
  nowMs: number,
  owned?: Promise<OwnedEnrollments>,
): Promise<StarterSummary[]> {
  const [open, progress] = await Promise.all([
    learnerStarterProgrammes(account, nowMs, owned),
    withDeadline(starterProgress().where('uid', '==', account.uid).get()),
  ]);
  const doneBy = new Map(progress.docs.map((d) => [d.data().programme, new Set(d.data().done)]));
  return STARTER_PROGRAMMES.flatMap((programme): StarterSummary[] => {
    const module = STARTER_MODULES.get(programme.slug);
    const marked = doneBy.get(programme.slug);
    if (!module || (!open.has(programme.slug) && !marked?.size)) return [];
    const done = module.lessons.filter((l) => marked?.has(l.slug)).length;
    const next = module.lessons.find((l) => !marked?.has(l.slug)) ?? module.lessons[0];
    return [
      {
        programme: programme.slug,
        name: programme.name,
        total: module.lessons.length,
        done,
        percent: starterPercent(done, module.lessons.length),
        nextLesson: next.slug,
      },
    ];
  });
}

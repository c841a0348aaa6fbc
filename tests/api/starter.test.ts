import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LearningAnswer } from '@upskill/domain/enrollment';
import type { StarterLessonAnswer, StarterModuleAnswer, StarterOverviewAnswer, StarterProgressAnswer } from '@upskill/domain/starter';
import { call, enrollment, untilAnswered, withKey, wasMade } from '../support/api';
import { db } from '../support/admin';
import { bearer, createUser, type TestUser } from '../support/auth';
import { newMentor } from '../support/mentoring';

// #44's starter lessons through Hosting -> Functions -> Firestore: a programme's module, read in full by Pre
// Registration learners and paying learners of the programme, as a preview (the first lesson) by everyone else,
// signed out included; progress marked once however often it is sent, shown on My Courses and kept per learner.

const client = `starter-${randomUUID().slice(0, 8)}`;
const CLOUD = 'cloud-computing';
const ML_PROGRAMME = 'artificial-intelligence-and-machine-learning';
const ML = 4; // Machine Learning with Python
const VLSI = 20; // VLSI Design Fundamentals: in no programme
type Err = { error?: { code: string; message: string; fields?: Record<string, string> } };
const as = (user: TestUser | null) => (user ? bearer(user) : {});

/** A learner with a paid enrollment, made through the API: a plan with the programme chosen on its form, or a course. */
async function learnerWith(target: { planId: string; planName: string; interestedCourse: string } | { courseId: number }) {
  const learner = await createUser({ emailVerified: true });
  const body =
    'courseId' in target
      ? enrollment({ email: learner.email, planId: undefined, courseId: target.courseId })
      : enrollment({ email: learner.email, ...target });
  const made = await untilAnswered(
    withKey((key) =>
      call<{ id: string }>('POST', '/api/enroll', { body, headers: { ...bearer(learner), 'Idempotency-Key': key }, client }),
    ),
  );
  expect(wasMade(made), made.text).toBe(true);
  await db().doc(`enrollments/${made.body.id}`).update({ status: 'paid' });
  return { learner, enrollmentId: made.body.id };
}

const moduleOf = (user: TestUser | null, programme: string) =>
  call<StarterModuleAnswer & Err>('GET', `/api/starter/${programme}`, { headers: as(user), client });
const lessonOf = (user: TestUser | null, programme: string, lesson: string) =>
  call<StarterLessonAnswer & Err>('GET', `/api/starter/${programme}/${lesson}`, { headers: as(user), client });
const mark = (user: TestUser | null, programme: string, lesson: string, body: unknown) =>
  call<StarterProgressAnswer & Err>('PUT', `/api/starter/${programme}/${lesson}/done`, { body, headers: as(user), client });

let preRegistered: TestUser;
let mlLearner: TestUser;
let lessons: string[];
beforeAll(async () => {
  [{ learner: preRegistered }, { learner: mlLearner }] = await Promise.all([
    learnerWith({ planId: 'preRegistration', planName: 'Pre Registration', interestedCourse: 'Cloud Computing' }),
    learnerWith({ courseId: ML }),
  ]);
  lessons = (await moduleOf(null, CLOUD)).body.lessons.map((l) => l.slug);
}, 60_000);

describe('reading', () => {
  it('signed out: the module’s lessons with the first open as a preview; the second is a 403 that says how to open it', async () => {
    const module = await moduleOf(null, CLOUD);
    expect(module.status, module.text).toBe(200);
    expect(module.body).toMatchObject({ programme: { slug: CLOUD, name: 'Cloud Computing' }, access: 'preview', signedIn: false, done: 0 });
    expect(module.body.lessons.map((l) => [l.position, l.open, l.done])).toEqual([
      [1, true, false],
      [2, false, false],
      [3, false, false],
      [4, false, false],
    ]);
    const first = await lessonOf(null, CLOUD, lessons[0]);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ previous: null, next: { slug: lessons[1] }, total: 4, access: 'preview' });
    // Text, code and an image at its size, so the page keeps its place while the diagram loads.
    expect(first.body.html).toMatch(
      /<img src="\/starter\/cloud-computing\/shared-responsibility\.svg" alt="[^"]+" width="640" height="280"/,
    );
    expect(first.body.html).toContain('<h2>');
    const second = await lessonOf(null, CLOUD, lessons[1]);
    expect(second.status).toBe(403);
    expect(second.body.error?.message).toContain('Pre Registration for Cloud Computing');
    expect(second.body).not.toHaveProperty('html');
  });

  it('the diagrams a lesson names are served by Hosting', async () => {
    const image = await call('GET', '/starter/cloud-computing/shared-responsibility.svg', { client });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('a Pre Registration learner reads every lesson of the programme they chose, and only a preview of another', async () => {
    const module = await moduleOf(preRegistered, CLOUD);
    expect(module.body).toMatchObject({ access: 'full', signedIn: true });
    expect(module.body.lessons.every((l) => l.open)).toBe(true);
    const last = await lessonOf(preRegistered, CLOUD, lessons[3]);
    expect(last.status, last.text).toBe(200);
    expect(last.body).toMatchObject({ previous: { slug: lessons[2] }, next: null });
    expect((await moduleOf(preRegistered, ML_PROGRAMME)).body.access).toBe('preview');
    expect((await lessonOf(preRegistered, ML_PROGRAMME, 'python-and-numpy')).status).toBe(403);
  });

  it('a course bought on its own opens its programme (not the form’s default interest); the team reads every module', async () => {
    expect((await moduleOf(mlLearner, ML_PROGRAMME)).body.access).toBe('full');
    // The enrollment form's interested course defaulted to Cloud Computing: a default is not a purchase.
    expect((await moduleOf(mlLearner, CLOUD)).body.access).toBe('preview');
    const mentor = await newMentor('Tara Iyer', 'Asia/Kolkata', ['mentor-call'], client, 'admin', [ML]);
    expect((await moduleOf(mentor, 'digital-marketing')).body.access).toBe('full');
  });

  it('a token that does not verify is a 401, never read as a signed-out preview', async () => {
    const bad = { Authorization: 'Bearer not-a-token' };
    const answers = await Promise.all([
      call<Err>('GET', `/api/starter/${CLOUD}`, { headers: bad, client }),
      call<Err>('GET', `/api/starter/${CLOUD}/${lessons[0]}`, { headers: bad, client }),
      call<Err>('PUT', `/api/starter/${CLOUD}/${lessons[0]}/done`, { body: { done: true }, headers: bad, client }),
    ]);
    expect(answers.map((a) => [a.status, a.body.error?.code])).toEqual(Array(3).fill([401, 'unauthenticated']));
  });

  it('an unknown programme or lesson, or a malformed one, is a 404', async () => {
    const answers = await Promise.all([
      moduleOf(null, 'knitting'),
      lessonOf(null, CLOUD, 'no-such-lesson'),
      call<Err>('GET', '/api/starter/Cloud%20Computing', { client }),
      call<Err>('GET', `/api/starter/${CLOUD}/..%2F..%2Fetc`, { client }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404]);
  });
});

describe('progress', () => {
  it('marks lessons done once however often it is sent, undoes one, and My Courses shows the module’s progress', async () => {
    const [a, b] = await Promise.all([
      mark(preRegistered, CLOUD, lessons[0], { done: true }),
      mark(preRegistered, CLOUD, lessons[1], { done: true }),
    ]);
    expect([a.status, b.status], a.text + b.text).toEqual([200, 200]);
    // The same again, and a double click: nothing more is counted.
    const again = await Promise.all([1, 2, 3].map(() => mark(preRegistered, CLOUD, lessons[1], { done: true })));
    expect(again.map((r) => r.body.doneCount)).toEqual([2, 2, 2]);
    expect(again[0].body).toEqual({ lesson: lessons[1], done: true, doneCount: 2, total: 4, percent: 50 });
    const undone = await mark(preRegistered, CLOUD, lessons[1], { done: false });
    expect(undone.body).toMatchObject({ done: false, doneCount: 1, percent: 25 });
    await mark(preRegistered, CLOUD, lessons[1], { done: true });

    const stored = (await db().doc(`starterProgress/${preRegistered.uid}_${CLOUD}`).get()).data();
    expect(stored).toMatchObject({ uid: preRegistered.uid, programme: CLOUD, done: [lessons[0], lessons[1]] });
    const module = await moduleOf(preRegistered, CLOUD);
    expect([module.body.done, module.body.percent, module.body.lessons.map((l) => l.done)]).toEqual([2, 50, [true, true, false, false]]);

    const home = await call<LearningAnswer>('GET', '/api/learning', { headers: as(preRegistered), client });
    expect(home.status, home.text).toBe(200);
    expect(home.body.starter).toEqual([
      { programme: CLOUD, name: 'Cloud Computing', total: 4, done: 2, percent: 50, nextLesson: lessons[2] },
    ]);
    const overview = await call<StarterOverviewAnswer>('GET', '/api/starter', { headers: as(preRegistered), client });
    expect(overview.body.modules).toEqual(home.body.starter);
  });

  it('from the wrong side: signed out, a preview reader, a bad body; nothing is written', async () => {
    const vlsiLearner = (await learnerWith({ courseId: VLSI })).learner;
    // Every progress record of the two learners the refusals were sent for. (Not the whole collection: documents.test.ts,
    // which runs beside this file, marks a lesson done too.)
    const progress = async () =>
      (await db().collection('starterProgress').where('uid', 'in', [vlsiLearner.uid, preRegistered.uid]).count().get()).data().count;
    const progressBefore = await progress();
    const refused = await Promise.all([
      mark(null, CLOUD, lessons[0], { done: true }),
      mark(vlsiLearner, CLOUD, lessons[0], { done: true }),
      mark(preRegistered, ML_PROGRAMME, 'python-and-numpy', { done: true }),
      mark(preRegistered, CLOUD, lessons[0], { done: 'true' }),
      mark(preRegistered, CLOUD, lessons[0], { done: true, percent: 100 }),
      mark(preRegistered, CLOUD, lessons[0], {}),
      mark(preRegistered, CLOUD, 'no-such-lesson', { done: true }),
    ]);
    expect(refused.map((r) => r.status)).toEqual([401, 403, 403, 400, 400, 400, 404]);
    expect(refused[3].body.error?.fields?.done).toBe('Say whether the lesson is done (true or false).');
    expect((await db().doc(`starterProgress/${vlsiLearner.uid}_${CLOUD}`).get()).exists).toBe(false);
    expect((await db().doc(`starterProgress/${preRegistered.uid}_${ML_PROGRAMME}`).get()).exists).toBe(false);
    expect(await progress()).toBe(progressBefore);
    // And what the refusals left alone is as it was: the learner's Cloud progress from the test before.
    expect((await db().doc(`starterProgress/${preRegistered.uid}_${CLOUD}`).get()).get('done')).toEqual([lessons[0], lessons[1]]);
    // The VLSI learner has no module: My Courses lists none.
    const home = await call<LearningAnswer>('GET', '/api/learning', { headers: as(vlsiLearner), client });
    expect(home.body.starter).toEqual([]);
  });

  it('a refunded Pre Registration closes the lessons beyond the preview; the learner’s progress stays theirs', async () => {
    const { learner, enrollmentId } = await learnerWith({
      planId: 'preRegistration',
      planName: 'Pre Registration',
      interestedCourse: 'Cloud Computing',
    });
    expect((await mark(learner, CLOUD, lessons[0], { done: true })).status).toBe(200);
    await db().doc(`enrollments/${enrollmentId}`).update({ status: 'refunded' });
    expect((await moduleOf(learner, CLOUD)).body).toMatchObject({ access: 'preview', done: 1 });
    expect((await lessonOf(learner, CLOUD, lessons[1])).status).toBe(403);
    expect((await mark(learner, CLOUD, lessons[1], { done: true })).status).toBe(403);
    const overview = await call<StarterOverviewAnswer>('GET', '/api/starter', { headers: as(learner), client });
    expect(overview.body.modules).toEqual([expect.objectContaining({ programme: CLOUD, done: 1, percent: 25 })]);
  });
});

describe('accounts', () => {
  it('the export holds the learner’s progress, and deleting the account erases it', async () => {
    const { learner } = await learnerWith({ planId: 'preRegistration', planName: 'Pre Registration', interestedCourse: 'Cloud Computing' });
    expect((await mark(learner, CLOUD, lessons[0], { done: true })).status).toBe(200);
    const exported = await call<{ starterProgress: { id: string; done: string[] }[] }>('GET', '/api/me/export', {
      headers: as(learner),
      client,
    });
    expect(exported.status, exported.text).toBe(200);
    expect(exported.body.starterProgress).toEqual([expect.objectContaining({ id: `${learner.uid}_${CLOUD}`, done: [lessons[0]] })]);
    const deleted = await call('DELETE', '/api/me', { body: { confirm: 'DELETE' }, headers: as(learner), client });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await db().doc(`starterProgress/${learner.uid}_${CLOUD}`).get()).exists).toBe(false);
  });
});

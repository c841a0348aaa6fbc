import { assignmentsFor } from '@upskill/domain/assignments';
import { findOffering } from '@upskill/domain/batches';
import { COURSES } from '@upskill/domain/catalogue';
import type { QaAboutKind, QaAboutOption } from '@upskill/domain/qa';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { batches, batchesWithSessions } from '../batches/store';
import type { QaMember, QaSpaceOf } from './access';

// What a question may point to: a class (session) of a batch the asker belongs to in this space, or an assignment of
// the space's course or programme. Offered by the ask form and checked again when the question is posted.

const classDay = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short' });
/** At most this many batches' classes are offered (they were once one `in` query, which takes 30); nobody holds that many places in one space. */
const MAX_BATCHES = 30;

/** The batches the caller may point to classes of: the batch of a batch space, or their own batches of the space's course or programme. */
function batchesOf(member: QaMember, space: QaSpaceOf): string[] {
  if (space.batchId) return [space.batchId];
  return [...member.spaces.values()]
    .filter((s) => s.kind === 'batch' && s.batchId && s.courseId === space.courseId && s.programme === space.programme)
    .map((s) => s.batchId!)
    .slice(0, MAX_BATCHES);
}

/** The offering whose assignments the space's questions may name: its course's or its programme's. */
async function offeringOf(space: QaSpaceOf) {
  if (space.courseId !== null) return findOffering(COURSES.find((c) => c.id === space.courseId)?.slug ?? '');
  if (space.programme && !space.batchId) return findOffering(space.programme);
  const batch = space.batchId ? (await withDeadline(batches().doc(space.batchId).get())).data() : undefined;
  return batch ? findOffering(batch.offering) : undefined;
}

/** The classes (in order) and the assignments a new question in this space may point to. */
export async function aboutOptions(member: QaMember, space: QaSpaceOf): Promise<(QaAboutOption & { kind: QaAboutKind; id: string })[]> {
  const ids = batchesOf(member, space);
  const [classes, offering] = await Promise.all([
    withDeadline(batchesWithSessions(ids)).then((found) => found.flatMap((batch) => batch.sessions)),
    offeringOf(space),
  ]);
  const held = classes
    .filter(({ doc }) => doc.status !== 'cancelled')
    .sort((a, b) => a.doc.startsAt.toMillis() - b.doc.startsAt.toMillis())
    .map(({ id, doc }) => ({
      kind: 'session' as const,
      id,
      value: `session:${id}`,
      label: `Class ${doc.index + 1} · ${doc.topic} · ${classDay.format(doc.startsAt.toDate())}`,
    }));
  const work = (offering ? assignmentsFor(offering) : []).map((a) => ({
    kind: 'assignment' as const,
    id: a.id,
    value: `assignment:${a.id}`,
    label: `Assignment · ${a.title}`,
  }));
  return [...held, ...work];
}

/** The `about` a question is stored with: one of the options, or 400 naming the field. */
export async function resolveAbout(member: QaMember, space: QaSpaceOf, value: string | undefined) {
  if (!value) return null;
  const found = (await aboutOptions(member, space)).find((o) => o.value === value);
  if (!found) throw new HttpError('invalid-argument', 'Check your question.', { about: 'Choose a class or an assignment from the list.' });
  return { kind: found.kind, id: found.id, label: found.label };
}

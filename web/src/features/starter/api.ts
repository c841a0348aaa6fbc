import type { StarterLessonAnswer, StarterModuleAnswer, StarterOverviewAnswer, StarterProgressAnswer } from '@upskill/domain/starter';
import { apiRequest, bearerHeader } from '../../lib/api';

type Signed = { getIdToken(): Promise<string> } | null;
const id = encodeURIComponent;
/** Anyone may read a module and its preview; a signed-in reader's token brings their access and progress. */
const headers = async (user: Signed) => (user ? await bearerHeader(user) : {});

export const fetchModule = async (user: Signed, programme: string, signal?: AbortSignal) =>
  apiRequest<StarterModuleAnswer>(`/api/starter/${id(programme)}`, { headers: await headers(user), signal, retries: 2 });

export const fetchLesson = async (user: Signed, programme: string, lesson: string, signal?: AbortSignal) =>
  apiRequest<StarterLessonAnswer>(`/api/starter/${id(programme)}/${id(lesson)}`, { headers: await headers(user), signal, retries: 2 });

export const fetchOverview = async (user: NonNullable<Signed>, signal?: AbortSignal) =>
  apiRequest<StarterOverviewAnswer>('/api/starter', { headers: await bearerHeader(user), signal, retries: 2 });

// The end state is sent (done or not), so a retry after a lost answer is harmless.
export const markDone = async (user: NonNullable<Signed>, programme: string, lesson: string, done: boolean) =>
  apiRequest<StarterProgressAnswer>(`/api/starter/${id(programme)}/${id(lesson)}/done`, {
    method: 'PUT',
    body: { done },
    headers: await bearerHeader(user),
    retries: 2,
  });

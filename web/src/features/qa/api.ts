import type { QaQueueAnswer, QaQuestionAnswer, QaSpaceAnswer, QaSpacesAnswer, AnswerInput, QuestionInput } from '@upskill/domain/qa';
import { apiRequest, bearerHeader } from '../../lib/api';

export type Signed = { getIdToken(): Promise<string> };
const id = encodeURIComponent;

export const fetchSpaces = async (user: Signed, signal?: AbortSignal) =>
  apiRequest<QaSpacesAnswer>('/api/qa', { headers: await bearerHeader(user), signal, retries: 2 });

export const fetchSpace = async (user: Signed, spaceId: string, options: { q?: string; after?: string } = {}, signal?: AbortSignal) => {
  const query = new URLSearchParams(Object.entries(options).filter((e): e is [string, string] => Boolean(e[1]))).toString();
  return apiRequest<QaSpaceAnswer>(`/api/qa/spaces/${id(spaceId)}${query ? `?${query}` : ''}`, {
    headers: await bearerHeader(user),
    signal,
    retries: 2,
  });
};

export const fetchQueue = async (user: Signed, after?: string, signal?: AbortSignal) =>
  apiRequest<QaQueueAnswer>(`/api/qa/queue${after ? `?after=${id(after)}` : ''}`, {
    headers: await bearerHeader(user),
    signal,
    retries: 2,
  });

export const fetchQuestion = async (user: Signed, questionId: string, signal?: AbortSignal) =>
  apiRequest<QaQuestionAnswer>(`/api/qa/questions/${id(questionId)}`, { headers: await bearerHeader(user), signal, retries: 2 });

// Posts are not retried: a resend after a lost answer would post twice.
export const askQuestion = async (user: Signed, spaceId: string, body: QuestionInput) =>
  apiRequest<{ id: string; dueAt: string; promise: string }>(`/api/qa/spaces/${id(spaceId)}/questions`, {
    method: 'POST',
    body,
    headers: await bearerHeader(user),
  });

export const postAnswer = async (user: Signed, questionId: string, body: AnswerInput) =>
  apiRequest<{ id: string }>(`/api/qa/questions/${id(questionId)}/answers`, { method: 'POST', body, headers: await bearerHeader(user) });

// Accepting, voting and following say what the end state is, so sending them again is harmless.
export const acceptAnswer = async (user: Signed, questionId: string, answerId: string) =>
  apiRequest<{ acceptedAnswerId: string }>(`/api/qa/questions/${id(questionId)}/accept`, {
    method: 'POST',
    body: { answerId },
    headers: await bearerHeader(user),
    retries: 2,
  });

export const vote = async (user: Signed, targetId: string, up: boolean) =>
  apiRequest<{ votes: number; voted: boolean }>(`/api/qa/votes/${id(targetId)}`, {
    method: 'POST',
    body: { up },
    headers: await bearerHeader(user),
    retries: 2,
  });

export const reportPost = async (user: Signed, postId: string, reason: string) =>
  apiRequest<{ reported: true }>(`/api/qa/reports/${id(postId)}`, {
    method: 'POST',
    body: { reason },
    headers: await bearerHeader(user),
    retries: 2,
  });

export const editPost = async (user: Signed, postId: string, body: { title?: string; body: string }) =>
  apiRequest<{ edited: true }>(`/api/qa/posts/${id(postId)}`, { method: 'PUT', body, headers: await bearerHeader(user) });

export const deletePost = async (user: Signed, postId: string) =>
  apiRequest<{ deleted: true }>(`/api/qa/posts/${id(postId)}`, { method: 'DELETE', headers: await bearerHeader(user), retries: 2 });

export const setFollowing = async (user: Signed, questionId: string, follow: boolean) =>
  apiRequest<{ following: boolean }>(`/api/qa/questions/${id(questionId)}/follow`, {
    method: 'POST',
    body: { follow },
    headers: await bearerHeader(user),
    retries: 2,
  });

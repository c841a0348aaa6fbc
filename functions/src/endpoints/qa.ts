import { requestNow } from '../http/clock';
import { HttpError } from '../http/errors';
import { enforceRateLimit } from '../http/rateLimit';
import { DOCUMENT_ID_PATTERN, readJsonObject, type HttpResponse } from '../http/request';
import { routeTable, type Route } from '../http/routes';
import { acceptAnswer, answerQuestion, follow, unfollowByLink, vote } from '../qa/answers';
import { answerQueue, askQuestion, qaSpaces, readQuestion, spaceQuestions } from '../qa/questions';
import { deletePost, editPost, reportPost } from '../qa/moderation';

const notFound = () => new HttpError('not-found', 'No such resource.');
const SPACE_ID = /^(course-[1-9][0-9]{0,3}|programme-[a-z0-9]+(?:-[a-z0-9]+){0,9}|batch-[A-Za-z0-9]{1,64})$/;
const read = { action: 'qa', by: 'router' } as const;
const post = { action: 'qa-post', by: 'router' } as const;

function redirect(res: HttpResponse, to: string) {
  res.set('Location', to);
  res.status(303).json({ location: to });
}

/**
 * The mentor Q&A forum (signed in; nothing here is public or indexed):
 *   GET  /api/qa                               the caller's spaces
 *   GET  /api/qa/spaces/{spaceId}?q=&after=    a page of questions, newest first, or those matching q
 *   POST /api/qa/spaces/{spaceId}/questions    {title, body}: 201 {id, dueAt, promise}
 *   GET  /api/qa/questions/{id}                the question, its answers and what the caller may do
 *   POST /api/qa/questions/{id}/answers        {body}: 201 {id}; followers are mailed
 *   POST /api/qa/questions/{id}/accept         {answerId}: the asker, a mentor, an instructor or staff
 *   POST /api/qa/questions/{id}/follow         {follow}
 *   POST /api/qa/votes/{targetId}              {up}: a question's or an answer's upvote, once per account
 *   GET  /api/qa/queue?after=                  mentors, instructors, staff: a page of questions waiting for a first answer
 *   PUT|DELETE /api/qa/posts/{postId}          its author edits ({title?, body}; the earlier version kept) or deletes it
 *   POST /api/qa/reports/{postId}              {reason}: anyone who can read it, once
 *   GET|POST /api/qa/unfollow?q&u&t            the mail's one-click link
 * A space, question or post the caller cannot read is the same 404 as none.
 */
export const QA_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: '/api/qa',
    auth: { kind: 'account', what: 'use the Q&A forum' },
    rateLimit: read,
    handle: async ({ req, res, account }) => void res.status(200).json(await qaSpaces(account!, requestNow(req))),
  },
  {
    method: 'GET',
    path: '/api/qa/queue',
    auth: { kind: 'account', what: 'see the questions waiting for an answer' },
    rateLimit: read,
    handle: async ({ req, res, account }) => void res.status(200).json(await answerQueue(account!, requestNow(req), req.query)),
  },
  {
    method: 'GET',
    path: '/api/qa/spaces/:spaceId',
    params: { spaceId: SPACE_ID },
    auth: { kind: 'account', what: 'read this space' },
    rateLimit: read,
    handle: async ({ req, res, params, account }) =>
      void res.status(200).json(await spaceQuestions(account!, params.spaceId, req.query, requestNow(req))),
  },
  {
    method: 'POST',
    path: '/api/qa/spaces/:spaceId/questions',
    params: { spaceId: SPACE_ID },
    auth: { kind: 'account', what: 'ask a question' },
    rateLimit: post,
    handle: async ({ req, res, params, account }) =>
      void res.status(201).json(await askQuestion(account!, params.spaceId, readJsonObject(req), requestNow(req))),
  },
  {
    method: 'GET',
    path: '/api/qa/questions/:id',
    params: { id: DOCUMENT_ID_PATTERN },
    auth: { kind: 'account', what: 'read this question' },
    rateLimit: read,
    handle: async ({ req, res, params, account }) => void res.status(200).json(await readQuestion(account!, params.id, requestNow(req))),
  },
  {
    method: 'POST',
    path: '/api/qa/questions/:id/answers',
    params: { id: DOCUMENT_ID_PATTERN },
    auth: { kind: 'account', what: 'answer' },
    rateLimit: post,
    handle: async ({ req, res, params, account }) =>
      void res.status(201).json(await answerQuestion(account!, params.id, readJsonObject(req), requestNow(req))),
  },
  {
    method: 'POST',
    path: '/api/qa/questions/:id/accept',
    params: { id: DOCUMENT_ID_PATTERN },
    auth: { kind: 'account', what: 'accept an answer' },
    rateLimit: read,
    handle: async ({ req, res, params, account }) =>
      void res.status(200).json(await acceptAnswer(account!, params.id, readJsonObject(req), requestNow(req))),
  },
  {
    method: 'POST',
    path: '/api/qa/questions/:id/follow',
    params: { id: DOCUMENT_ID_PATTERN },
    auth: { kind: 'account', what: 'follow a question' },
    rateLimit: read,
    handle: async ({ req, res, params, account }) =>
      void res.status(200).json(await follow(account!, params.id, readJsonObject(req), requestNow(req))),
  },
  {
    method: 'POST',
    path: '/api/qa/votes/:targetId',
    params: { targetId: DOCUMENT_ID_PATTERN },
    auth: { kind: 'account', what: 'vote' },
    rateLimit: read,
    handle: async ({ req, res, params, account }) =>
      void res.status(200).json(await vote(account!, params.targetId, readJsonObject(req), requestNow(req))),
  },
  {
    method: 'PUT',
    path: '/api/qa/posts/:postId',
    params: { postId: DOCUMENT_ID_PATTERN },
    auth: { kind: 'account', what: 'edit your post' },
    rateLimit: post,
    handle: async ({ req, res, params, account }) =>
      void res.status(200).json(await editPost(account!, params.postId, readJsonObject(req), requestNow(req))),
  },
  {
    method: 'DELETE',
    path: '/api/qa/posts/:postId',
    params: { postId: DOCUMENT_ID_PATTERN },
    auth: { kind: 'account', what: 'delete your post' },
    rateLimit: read,
    handle: async ({ req, res, params, account }) => void res.status(200).json(await deletePost(account!, params.postId, requestNow(req))),
  },
  {
    method: 'POST',
    path: '/api/qa/reports/:postId',
    params: { postId: DOCUMENT_ID_PATTERN },
    auth: { kind: 'account', what: 'report a post' },
    rateLimit: read,
    handle: async ({ req, res, params, account }) =>
      void res.status(200).json(await reportPost(account!, params.postId, readJsonObject(req), requestNow(req))),
  },
  {
    method: 'GET',
    path: '/api/qa/unfollow',
    auth: { kind: 'checked-by', who: 'the holder of a mailed link' },
    rateLimit: { action: 'qa', by: 'capability' },
    handle: async ({ req, res }) => {
      await enforceRateLimit('qa', req);
      const done = await unfollowByLink(req.query);
      const q = typeof req.query.q === 'string' && /^[A-Za-z0-9]{1,64}$/.test(req.query.q) ? req.query.q : '';
      redirect(res, q ? `/qa/questions/${q}?unfollowed=${done ? 1 : 0}` : '/mycourses');
    },
  },
  {
    method: 'POST',
    path: '/api/qa/unfollow',
    auth: { kind: 'checked-by', who: 'the holder of a mailed link' },
    rateLimit: { action: 'qa', by: 'capability' },
    handle: async ({ req, res }) => {
      await enforceRateLimit('qa', req);
      const done = await unfollowByLink(req.query);
      res
        .status(done ? 200 : 400)
        .json(done ? { status: 'unfollowed' } : { error: { code: 'invalid-argument', message: 'This link is not valid.' } });
    },
  },
];

export const handleQa = routeTable('qa', QA_ROUTES, notFound);

// Seeds the demo learner's career reviews for QA (issue 57), through the real API as the learner and a mentor would:
// the resume reviewed with "changes suggested" and its second version waiting (with the mentor's unreleased draft),
// and the LinkedIn profile approved. So /career shows every state at once, and /career/desk has one waiting.
import { HOSTING_URL } from './lib.mjs';
import { json } from './seedAccounts.mjs';

const send = (method, path, token, body) =>
  fetch(`${HOSTING_URL}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then(json);

/** The checklist as the desk serves it (the domain's), each point good but those named. */
async function marks(mentorToken, reviewId, change) {
  const detail = await send('GET', `/api/mentoring/career/desk/${reviewId}`, mentorToken);
  return detail.checklist.map((c) => ({
    id: c.id,
    mark: change[c.id] ? 'change' : 'good',
    comment: change[c.id] ?? '',
  }));
}

/** The demo learner's Pro purchase (`enrollmentId`), reviewed by a mentor of its courses (`mentorToken`). */
export async function seedCareer(learnerToken, mentorToken, enrollmentId) {
  const resume = await send('POST', '/api/mentoring/career/reviews', learnerToken, {
    enrollmentId,
    kind: 'resume',
    link: 'https://docs.google.com/document/d/1DemoResumeAshaKapoor/edit',
    targetRole: 'Junior full stack developer',
    postingLink: 'https://careers.example.com/jobs/full-stack-junior',
  });
  await send('PUT', `/api/mentoring/career/desk/${resume.id}/review`, mentorToken, {
    checks: await marks(mentorToken, resume.id, {
      impact: 'Give each internship bullet a number: users served, time saved, tests added.',
      ats: 'The two-column template hides your skills from applicant-tracking systems: use one column.',
    }),
    summary: 'Strong projects and clean layout. Put numbers on your impact and make it readable by tracking systems.',
    firstChanges: ['Rewrite the internship bullets with numbers', 'Move to a one-column template'],
    verdict: 'changes-suggested',
    release: true,
  });
  await send('POST', `/api/mentoring/career/reviews/${resume.id}/versions`, learnerToken, {
    link: 'https://docs.google.com/document/d/1DemoResumeAshaKapoorV2/edit',
    targetRole: 'Junior full stack developer',
    postingLink: 'https://careers.example.com/jobs/full-stack-junior',
  });
  // The mentor has started on the second version: a draft the learner does not see.
  await send('PUT', `/api/mentoring/career/desk/${resume.id}/review`, mentorToken, {
    checks: await marks(mentorToken, resume.id, {}),
    summary: 'Much better: every bullet now has a number.',
    firstChanges: [],
    verdict: 'approved',
    release: false,
  });

  const linkedin = await send('POST', '/api/mentoring/career/reviews', learnerToken, {
    enrollmentId,
    kind: 'linkedin',
    link: 'https://www.linkedin.com/in/asha-kapoor-demo',
    targetRole: 'Junior full stack developer',
    postingLink: null,
  });
  await send('PUT', `/api/mentoring/career/desk/${linkedin.id}/review`, mentorToken, {
    checks: await marks(mentorToken, linkedin.id, {}),
    summary: 'A complete profile: the headline names the role and the featured projects have links.',
    firstChanges: [],
    verdict: 'approved',
    release: true,
  });
}

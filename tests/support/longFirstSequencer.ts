import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * How long each file took in a clean run (run AJ, 1 December: tests/.reports/api.json, end less start, in seconds),
 * for the files over 4 s. Each project starts its longest files first (longest-processing-time first): a clean clone
 * has no vitest cache, so vitest would order by file size, and the deploy-package test (small, 52 s) once started last
 * and ran alone for its last 33 s while the other two workers sat idle. Run AJ ranked only seven files: the
 * subscriptions, teams, switching and credits files (32-52 s) started between 50 and 134 s in, and the moved-clock
 * groups began teams (31 s) after the support file, so each took 50 s where 40 would do. A file not listed counts as
 * short and keeps vitest's order.
 */
const SECONDS: Record<string, number> = {
  'api/fuzz.test.ts': 62,
  'api/subscriptions.test.ts': 52,
  'api/mentoring.test.ts': 39,
  'api/documents.test.ts': 38,
  'api/teams.test.ts': 37,
  'api/switching.test.ts': 36,
  'api/credits.test.ts': 32,
  'api/mail.test.ts': 32,
  'api/consents.test.ts': 28,
  'api/faults.test.ts': 27,
  'api/qa.test.ts': 22,
  'api/account.test.ts': 22,
  'api/support.test.ts': 16,
  'api/batches.test.ts': 14,
  'api/invoices.test.ts': 12,
  'api/staff.test.ts': 11,
  'api/me.test.ts': 11,
  'api/learning.test.ts': 10,
  'api/abuse.test.ts': 10,
  'setup/retries.test.ts': 9,
  'api/career.test.ts': 9,
  'api/assignments.test.ts': 9,
  'load/load.test.ts': 8,
  'api/payments.test.ts': 7,
  'api/referrals.test.ts': 7,
  'api/certificates.test.ts': 7,
  'api/recordings.test.ts': 6,
  'rules/rules.test.ts': 6,
  'api/qa-scale.test.ts': 5,
  'api/identity.test.ts': 5,
  'api/tracker.test.ts': 5,
};

const seconds = (spec: TestSpecification) => Object.entries(SECONDS).find(([file]) => spec.moduleId.endsWith(`/${file}`))?.[1] ?? 0;

/** Vitest's own order (group, then project), each group's files longest first. */
export default class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const runs: TestSpecification[][] = [];
    for (const spec of sorted) {
      const last = runs.at(-1);
      // A group (sequence.groupOrder) runs its files on one pool of workers, whichever project each is in: the two
      // moved clocks share one (tests/vitest.config.ts), so their files are ordered together.
      if (last && last[0].project.config.sequence.groupOrder === spec.project.config.sequence.groupOrder) last.push(spec);
      else runs.push([spec]);
    }
    return runs.flatMap((run) =>
      run
        .map((spec, i) => ({ spec, i }))
        .sort((a, b) => seconds(b.spec) - seconds(a.spec) || a.i - b.i)
        .map(({ spec }) => spec),
    );
  }
}

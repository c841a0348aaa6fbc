import { writeFileSync } from 'node:fs';
import type { FullResult, Reporter, TestCase, TestResult, TestStep } from '@playwright/test/reporter';

/** A wait longer than the API's own 8 s request budget: slowness a patient assertion would otherwise absorb. */
const SLOW_MS = 8_000;

interface SlowWait {
  test: string;
  step: string;
  at: string;
  ms: number;
}

/**
 * Lists, at the end of the browser run, every assertion, navigation or wait that took longer than 8 s, with its
 * test, what it waited for (a navigation's step names its URL) and where in the test it is. Assertions wait up to
 * PAGE_PATIENCE (30 s) so that a loaded machine does not fail them; this makes the time they took visible
 * instead. Also written to tests/.reports/slow-waits.json.
 */
export default class SlowWaitsReporter implements Reporter {
  private readonly slow: SlowWait[] = [];

  constructor(private readonly options: { outputFile?: string } = {}) {}

  onStepEnd(test: TestCase, _result: TestResult, step: TestStep): void {
    if (step.duration <= SLOW_MS || (step.category !== 'expect' && step.category !== 'pw:api')) return;
    this.slow.push({
      test: test.titlePath().slice(1).join(' › '),
      step: step.title,
      at: step.location ? `${step.location.file.replace(/^.*\/tests\//, 'tests/')}:${step.location.line}` : '',
      ms: step.duration,
    });
  }

  onEnd(_result: FullResult): void {
    const sorted = [...this.slow].sort((a, b) => b.ms - a.ms);
    if (this.options.outputFile) writeFileSync(this.options.outputFile, JSON.stringify(sorted, null, 2));
    console.log(`\nslow waits: ${sorted.length} took longer than ${SLOW_MS / 1000} s`);
    for (const w of sorted) console.log(`  ${(w.ms / 1000).toFixed(1)} s  ${w.test} › ${w.step}  (${w.at})`);
  }

  printsToStdio(): boolean {
    return false;
  }
}

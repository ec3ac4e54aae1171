import type { Reporter, TestCase } from 'vitest/node';

/**
 * Browser tests get one retry (docs/decisions/008). The default reporter marks a test that passed
 * on its retry with "(retry x1)" but drops the error of the failed try; this prints it at the end
 * of the run, so the race behind it can be found.
 */
export default class RetriedTestsReporter implements Reporter {
  private readonly found: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    if (testCase.result().state !== 'passed') return;
    for (const attempt of testCase.attempts()) {
      if (attempt.state !== 'failed') continue;
      // The message (with Playwright's call log) and the test's own frames, not the runner's.
      const errors = (attempt.errors ?? []).map((error) =>
        (error.stack ?? error.message)
          .split('\n')
          .filter((line) => !line.includes('node_modules') && !line.includes('(<anonymous>)'))
          .slice(0, 14)
          .join('\n    '),
      );
      this.found.push(`${testCase.module.relativeModuleId} > ${testCase.fullName} (try ${attempt.retryIndex + 1})\n    ${errors.join('\n    ') || 'no error recorded'}`);
    }
  }

  onTestRunEnd(): void {
    if (this.found.length === 0) return;
    console.log(`\nPassed only on a retry (${this.found.length}); the failed tries said:\n${this.found.map((line) => `  - ${line}`).join('\n')}\n`);
  }
}

import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter'

/** Prints, at the end of a run, how many tests each project (each engine) passed, failed or skipped. */
export default class CountReporter implements Reporter {
  private counts = new Map<string, Record<string, number>>()

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.retry < test.retries && result.status !== 'passed' && result.status !== 'skipped')
      return // retried: the last attempt counts
    const project = test.parent.project()?.name ?? '?'
    const row = this.counts.get(project) ?? { passed: 0, failed: 0, skipped: 0 }
    const status =
      result.status === 'passed' || result.status === 'skipped' ? result.status : 'failed'
    row[status] = (row[status] ?? 0) + 1
    this.counts.set(project, row)
  }

  onEnd() {
    for (const [project, row] of [...this.counts].sort()) {
      console.log(
        `${project.padEnd(18)} ${row.passed} passed, ${row.failed} failed, ${row.skipped} skipped`,
      )
    }
  }

  printsToStdio() {
    return false
  }
}

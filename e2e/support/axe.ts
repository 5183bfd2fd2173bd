// One axe-core scan, as the public pages' and the console's journeys run it:
// WCAG 2.1 A and AA plus axe's best practices, and only what is serious or
// critical counts, each named with up to three of the elements it found.
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'

/** The serious and critical violations on the page as it stands, one line per rule; empty when it is clean. */
export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
  const report: string[] = []
  for (const violation of results.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue
    const nodes = violation.nodes
      .slice(0, 3)
      .map((node) => `${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`)
    report.push(`${where} [${violation.impact}] ${violation.id}: ${violation.help}\n    ${nodes.join('\n    ')}`)
  }
  return report
}

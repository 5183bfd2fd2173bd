// The multi-instance test's steps: each runs only when the steps it needs
// passed (otherwise it is skipped, saying which failed), and shows the
// processes' logs when it fails.
import { it } from 'vitest'
import type { Stack } from './stack.ts'

export const log = (message: string) => console.log(`[multi-instance] ${message}`)

export function stepsOf(stack: Stack) {
  const failed = new Set<string>()
  const times: [string, number][] = []

  function step(name: string, needs: string[], fn: () => Promise<void>, timeoutMs = 90_000) {
    it(
      name,
      async (context) => {
        const missing = needs.filter((n) => failed.has(n))
        if (missing.length > 0) {
          failed.add(name)
          const note = `not run: it needs ${missing.map((m) => `"${m}"`).join(', ')}, which failed`
          log(`${name.split(':')[0]}: ${note}`)
          context.skip(note)
          return
        }
        const started = Date.now()
        try {
          await fn()
        } catch (error) {
          failed.add(name)
          console.error(`[multi-instance] step "${name}" failed: ${(error as Error).message.split('\n')[0]}\n${await stack.diagnostics()}`)
          throw error
        } finally {
          times.push([name, Date.now() - started])
        }
      },
      timeoutMs,
    )
  }

  return { step, times }
}

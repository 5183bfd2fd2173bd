// The journeys run against the client as it ships: built by global setup
// outside Vitest's environment, so the build takes the module aliases it
// ships with (client/vite.config.ts: messages precompiled, no ICU parser).
import { expect, inject, it } from 'vitest'
import { shippingEnv } from '../support/shipping-env.ts'

/** A string only @formatjs/icu-messageformat-parser has: the shipped build leaves the parser out. */
const ICU_PARSER_MARK = 'EXPECT_ARGUMENT_CLOSING_BRACE'

it('serves the scripts a page loads without the ICU message parser', async () => {
  const siteUrl = inject('siteUrl')
  const html = await (await fetch(`${siteUrl}/`)).text()
  const scripts = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!)
  expect(scripts.length).toBeGreaterThan(1)
  for (const script of scripts) {
    const body = await (await fetch(`${siteUrl}${script}`)).text()
    expect(body.includes(ICU_PARSER_MARK), script).toBe(false)
  }
})

it('builds without what Vitest adds to the environment', () => {
  const env = shippingEnv({ VITEST: 'true', VITEST_POOL_ID: '1', VITEST_WORKER_ID: '2', PATH: '/usr/bin', NODE_ENV: 'test' })
  expect(env).toEqual({ PATH: '/usr/bin', NODE_ENV: 'test' })
})

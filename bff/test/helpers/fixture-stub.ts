import { loadFixtures, type LoadedFixture } from '../../../scripts/testkit/load.ts'
import { CONTRACT_DIR } from '../../../scripts/testkit/sets.ts'
import { startStubCore, type StubCore, type StubOptions } from '../../../scripts/testkit/stub.ts'

export type { StubCore }

let fixtures: Promise<LoadedFixture[]> | undefined

/**
 * The stub core API of npm run stub-core, answering from the recorded
 * fixtures (fixtures/contract/): for tests that need the core API's real
 * answers but not its database. Its journal lists what the BFF sent.
 */
export async function startFixtureStub(options: Partial<StubOptions> = {}): Promise<StubCore> {
  fixtures ??= loadFixtures([CONTRACT_DIR], { recursive: true })
  return startStubCore({ fixtures: await fixtures, ...options })
}

/** How many requests for a path (and query) the stub has answered. */
export const answered = (stub: StubCore, url: string): number =>
  stub.journal.filter((entry) => entry.url === url || entry.url.startsWith(`${url}?`)).length

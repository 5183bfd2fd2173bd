// Serves the core API's contract from the fixtures, with no database:
//   npm run stub-core [-- --port 3001] [--fixtures PATH…] [--faults FILE] [--strict]
// A request no fixture matches gets the nearest exchange of its route (page 2
// gets page 1), or with --strict the core API's 404.
// then run the site on it: CORE_API_URL=http://127.0.0.1:3001 npm start
// Faults per route come from FILE (re-read when it changes) or at run time:
//   curl -X POST localhost:3001/__stub/faults -d '{"route":"*","delayMs":3000}'
//   curl -X DELETE localhost:3001/__stub/faults
import { readFile } from 'node:fs/promises'
import { unwatchFile, watchFile } from 'node:fs'
import { onStopSignal, parseCli } from './testkit/cli.ts'
import { describeFault, faultProblems, type Fault } from './testkit/faults.ts'
import { displayPath, FixtureError, loadFixtures } from './testkit/load.ts'
import { CONTRACT_DIR } from './testkit/sets.ts'
import { startStubCore } from './testkit/stub.ts'

const USAGE = 'usage: npm run stub-core -- [--port 3001] [--host 127.0.0.1] [--fixtures PATH…] [--faults FILE] [--strict]'
const { values } = parseCli(
  {
    port: { type: 'string', default: '3001' },
    host: { type: 'string', default: '127.0.0.1' },
    fixtures: { type: 'string', multiple: true },
    faults: { type: 'string' },
    strict: { type: 'boolean', default: false },
  },
  USAGE,
)

async function readFaults(file: string): Promise<Fault[]> {
  const data: unknown = JSON.parse(await readFile(file, 'utf8'))
  const problems = faultProblems(data)
  if (problems.length > 0) throw new Error(problems.map((p) => `${file}: ${p}`).join('\n'))
  return (data as { faults: Fault[] }).faults
}

let fixtures
try {
  fixtures = await loadFixtures(values.fixtures ?? [CONTRACT_DIR], { recursive: true })
} catch (error) {
  console.error(error instanceof FixtureError ? error.message : String(error))
  process.exit(2)
}
let faults: Fault[] = []
if (values.faults) {
  try {
    faults = await readFaults(values.faults)
  } catch (error) {
    console.error((error as Error).message)
    process.exit(2)
  }
}

const stub = await startStubCore({
  fixtures,
  faults,
  port: Number(values.port),
  host: values.host,
  strict: values.strict,
  onUnmatched: (entry) =>
    console.warn(
      `no fixture for ${entry.method} ${entry.url}${entry.body ? ` ${entry.body.slice(0, 200)}` : ''} (${entry.matched ? `answered as ${entry.matched.fixture}, the nearest` : 'answered 404'})`,
    ),
}).catch((error: NodeJS.ErrnoException) => {
  console.error(error.code === 'EADDRINUSE' ? `port ${values.port} is taken (a core API running?): --port another` : error.message)
  process.exit(1)
})
const exchanges = fixtures.reduce((n, f) => n + f.fixture.exchanges.length, 0)
console.log(`stub core API on ${stub.url}: ${exchanges} exchanges from ${fixtures.length} fixtures; admin at ${stub.url}/__stub/faults`)
const showFaults = () =>
  console.log(
    stub.faults.list().length
      ? `faults: ${stub.faults
          .list()
          .map((f) => `${f.route} → ${describeFault(f)}`)
          .join('; ')}`
      : 'faults: none',
  )
showFaults()

if (values.faults) {
  const file = values.faults
  watchFile(file, { interval: 500 }, () => {
    readFaults(file).then(
      (list) => {
        stub.faults.set(list)
        console.log(`re-read ${displayPath(file)}`)
        showFaults()
      },
      (error: Error) => console.error(`${error.message} (faults left as they were)`),
    )
  })
}

const stop = async () => {
  if (values.faults) unwatchFile(values.faults)
  await stub.close()
  process.exit(0)
}
onStopSignal(stop)

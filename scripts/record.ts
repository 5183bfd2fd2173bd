// Records a scenario fixture, from either source:
//   npm run record -- --target URL [--port 3999] [--tier core|bff] [--name NAME] [--out DIR] [--tag TAG,…]
//     a recording proxy in front of a core API or a BFF (any URL): browse or
//     call http://127.0.0.1:3999 instead of URL; every JSON exchange with the
//     core API is written as it happens; Ctrl-C stops.
//   npm run record -- --from-har FILE.har [--name NAME] [--out DIR] [--tag TAG,…]
//     the /api/ and core API calls of a browser's HAR file.
// Written to DIR/NAME.json (default fixtures/recorded/); replay it with
//   npm run replay -- --fixtures fixtures/recorded/NAME.json [--tier bff --base …]
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { onStopSignal, parseCli, usageError } from './testkit/cli.ts'
import type { Tier } from './testkit/format.ts'
import { displayPath } from './testkit/load.ts'
import { detectTier, startRecordingProxy } from './testkit/proxy.ts'
import { buildFixture, exchangesFromHar, loadDeclaredRules, type RawExchange } from './testkit/record.ts'
import { REPO_ROOT } from './testkit/sets.ts'

const USAGE =
  'usage: npm run record -- --target URL [--port 3999] [--host 127.0.0.1] [--tier core|bff] | --from-har FILE  [--name NAME] [--out DIR] [--tag TAG]'
const usage = usageError(USAGE)

const { values } = parseCli(
  {
    target: { type: 'string' },
    'from-har': { type: 'string' },
    port: { type: 'string', default: '3999' },
    host: { type: 'string', default: '127.0.0.1' },
    tier: { type: 'string' },
    name: { type: 'string' },
    out: { type: 'string', default: path.join(REPO_ROOT, 'fixtures', 'recorded') },
    tag: { type: 'string', multiple: true },
  },
  USAGE,
)
if (Boolean(values.target) === Boolean(values['from-har'])) usage('give --target URL or --from-har FILE')
if (values.tier !== undefined && values.tier !== 'core' && values.tier !== 'bff') usage('--tier is core or bff')
const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')
const name = values.name ?? `recorded-${stamp}`
if (!/^[a-z0-9][a-z0-9_-]*$/.test(name)) usage('--name: lower-case letters, digits, - and _')
const outDir = path.resolve(values.out)
const file = path.join(outDir, `${name}.json`)
const tags = ['recorded', ...(values.tag ?? []).flatMap((t) => t.split(',')).filter(Boolean)]
const declared = await loadDeclaredRules()

/** Written whole each time, through a temporary file, so an interrupted recording leaves a valid fixture. */
async function write(raw: RawExchange[], description: string, quiet = false): Promise<void> {
  const { fixture, notes } = buildFixture(raw, { name, description, tags, declared, outDir })
  await mkdir(outDir, { recursive: true })
  await writeFile(`${file}.tmp`, `${JSON.stringify(fixture, null, 2)}\n`)
  await rename(`${file}.tmp`, file)
  if (!quiet) {
    console.log(`wrote ${displayPath(file)} (${fixture.exchanges.length} exchanges)`)
    for (const note of new Set(notes)) console.log(`  ${note}`)
  }
}

if (values['from-har']) {
  const har: unknown = JSON.parse(await readFile(values['from-har'], 'utf8'))
  const { raw, skipped } = exchangesFromHar(har)
  console.log(`${raw.length} calls to the core API in ${values['from-har']}, ${skipped} other requests left out`)
  try {
    await write(raw, `Recorded from ${path.basename(values['from-har'])}`)
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
} else {
  const target = values.target!
  const tier = (values.tier as Tier | undefined) ?? (await detectTier(target))
  const description = `Recorded through ${new URL(target).origin} (${tier === 'bff' ? 'a BFF' : 'a core API'}) on ${new Date().toISOString().slice(0, 10)}`
  let writing = Promise.resolve()
  const proxy = await startRecordingProxy({
    target,
    tier,
    port: Number(values.port),
    host: values.host,
    onExchange: (exchange) => {
      console.log(`${exchange.status} ${exchange.method} ${exchange.path}`)
      writing = writing
        .then(() => write(proxy.raw, description, true))
        .catch((error: unknown) => console.error(`not written: ${(error as Error).message}`))
    },
  })
  console.log(`recording ${target} (${tier} tier) through ${proxy.url}${tier === 'bff' ? ' (open it in a browser)' : ''}; Ctrl-C stops`)
  const stop = async () => {
    await proxy.close()
    await writing
    if (proxy.raw.length === 0) console.log('nothing recorded')
    else await write(proxy.raw, description)
    process.exit(0)
  }
  onStopSignal(stop)
}

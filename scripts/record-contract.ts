// Records the contract exchanges from a core API loaded with the fixtures,
// from the request lists in scripts/contract/ (npm run record records
// anything else: a proxy or a HAR file):
//   npx tsx scripts/record-contract.ts [--base http://127.0.0.1:3001] [--set legacy]
// Review the diff of fixtures/contract/ before committing: it is the contract.
// It rewrites only its own set (the folder's top-level files, or legacy/);
// site/ and scenarios/ are left alone.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { sendToCore, toFixture } from './contract/exchange.ts'
import { legacyRequests } from './contract/legacy-requests.ts'
import { CONTRACT_DIR } from './testkit/sets.ts'

const { values } = parseArgs({ options: { base: { type: 'string', default: 'http://127.0.0.1:3001' }, set: { type: 'string' } } })
const set = values.set === 'legacy' ? 'legacy' : 'main'
const dir = set === 'legacy' ? path.join(CONTRACT_DIR, 'legacy') : CONTRACT_DIR
const requests = set === 'legacy' ? await legacyRequests(values.base) : (await import('./contract/requests.ts')).contractRequests
for (const file of await readdir(dir).catch(() => [] as string[])) if (file.endsWith('.json')) await rm(path.join(dir, file))
await mkdir(dir, { recursive: true })
for (const { name, description, request } of requests) {
  const response = await sendToCore(values.base, request)
  await writeFile(path.join(dir, `${name}.json`), `${JSON.stringify(toFixture(set, name, description, request, response), null, 2)}\n`)
  console.log(`${response.status} ${name}`)
}
console.log(`recorded ${requests.length} exchanges`)

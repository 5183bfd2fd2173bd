// Records the contract exchanges from a core API loaded with the fixtures:
//   npx tsx scripts/record-contract.ts [--base http://127.0.0.1:3001] [--set legacy]
// Review the diff of fixtures/contract/ before committing: it is the contract.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { send, type Exchange } from './contract/exchange.ts'
import { legacyRequests } from './contract/legacy-requests.ts'

const { values } = parseArgs({ options: { base: { type: 'string', default: 'http://127.0.0.1:3001' }, set: { type: 'string' } } })
const legacy = values.set === 'legacy'
const dir = new URL(legacy ? '../fixtures/contract/legacy/' : '../fixtures/contract/', import.meta.url)
const requests = legacy ? await legacyRequests(values.base!) : (await import('./contract/requests.ts')).contractRequests
// Only the set's own files: fixtures/contract/ holds the legacy folder too.
for (const file of await readdir(dir).catch(() => [] as string[])) if (file.endsWith('.json')) await rm(new URL(file, dir))
await mkdir(dir, { recursive: true })
for (const { name, description, request } of requests) {
  const response = await send(values.base!, request)
  const exchange: Exchange = { name, description, request, response }
  await writeFile(new URL(`${name}.json`, dir), `${JSON.stringify(exchange, null, 2)}\n`)
  console.log(`${response.status} ${name}`)
}
console.log(`recorded ${requests.length} exchanges`)

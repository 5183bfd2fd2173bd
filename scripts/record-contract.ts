// Records the contract exchanges from a core API loaded with the fixtures:
//   npx tsx scripts/record-contract.ts [--base http://127.0.0.1:3001]
// Review the diff of fixtures/contract/ before committing: it is the contract.
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { send, type Exchange } from './contract/exchange.ts'
import { contractRequests } from './contract/requests.ts'

const { values } = parseArgs({ options: { base: { type: 'string', default: 'http://127.0.0.1:3001' } } })
const dir = new URL('../fixtures/contract/', import.meta.url)
await rm(dir, { recursive: true, force: true })
await mkdir(dir, { recursive: true })
for (const { name, description, request } of contractRequests) {
  const response = await send(values.base!, request)
  const exchange: Exchange = { name, description, request, response }
  await writeFile(new URL(`${name}.json`, dir), `${JSON.stringify(exchange, null, 2)}\n`)
  console.log(`${response.status} ${name}`)
}
console.log(`recorded ${contractRequests.length} exchanges`)

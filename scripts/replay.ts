// Replays the recorded contract exchanges against a core API and prints a
// pass or a readable diff for each:
//   npm run replay [-- --base http://127.0.0.1:3001] [--only NAME]
import { readdir, readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { diff, send, type Exchange } from './contract/exchange.ts'

const { values } = parseArgs({ options: { base: { type: 'string', default: 'http://127.0.0.1:3001' }, only: { type: 'string' } } })
const dir = new URL('../fixtures/contract/', import.meta.url)
const files = (await readdir(dir)).filter((f) => f.endsWith('.json') && (!values.only || f === `${values.only}.json`)).sort()
if (files.length === 0) {
  console.error('no recorded exchanges found')
  process.exit(2)
}

let passed = 0
let failed = 0
for (const file of files) {
  const exchange = JSON.parse(await readFile(new URL(file, dir), 'utf8')) as Exchange
  let problems: string[]
  try {
    const actual = await send(values.base!, exchange.request)
    problems = actual.status === exchange.response.status ? [] : [`HTTP status: expected ${exchange.response.status}, got ${actual.status}`]
    problems.push(...diff(exchange.response.body, actual.body))
  } catch (error) {
    problems = [`request failed: ${(error as Error).message}`]
  }
  const where = `${exchange.request.method} ${exchange.request.path}`
  if (problems.length === 0) {
    passed++
    console.log(`PASS ${exchange.name}  (${where})`)
  } else {
    failed++
    console.log(`FAIL ${exchange.name}  (${where})`)
    for (const line of problems.slice(0, 20)) console.log(`     ${line}`)
    if (problems.length > 20) console.log(`     … and ${problems.length - 20} more differences`)
  }
}
console.log(`replay: ${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)

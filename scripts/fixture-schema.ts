// Writes fixtures/fixture.schema.json from the format's TypeBox definition
// (scripts/testkit/format.ts), so editors and other tools can validate
// fixtures with the schema the testers' tools use:
//   npm run fixtures:schema [-- --check]   (--check: exit 1 when the file is out of date)
import { readFile, writeFile } from 'node:fs/promises'
import { fixtureJsonSchema } from './testkit/format.ts'
import { displayPath } from './testkit/load.ts'
import { SCHEMA_FILE } from './testkit/sets.ts'

const text = `${JSON.stringify(fixtureJsonSchema(), null, 2)}\n`
if (process.argv.includes('--check')) {
  const current = await readFile(SCHEMA_FILE, 'utf8').catch(() => '')
  if (current !== text) {
    console.error(`${displayPath(SCHEMA_FILE)} is out of date: npm run fixtures:schema`)
    process.exit(1)
  }
  console.log(`${displayPath(SCHEMA_FILE)} is current`)
} else {
  await writeFile(SCHEMA_FILE, text)
  console.log(`wrote ${displayPath(SCHEMA_FILE)}`)
}

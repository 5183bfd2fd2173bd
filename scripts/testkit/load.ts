// Reads fixture files and refuses any that does not follow the format,
// naming the file and the JSON path of each error, so a tester can fix a
// hand-edited fixture without guessing.
import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { Value } from 'typebox/value'
import { Fixture, isMatcher, Matcher, type Fixture as FixtureData } from './format.ts'
import { parseRulePath } from './compare.ts'

export interface LoadedFixture {
  file: string
  fixture: FixtureData
}

/** Invalid fixtures, refused: one line per error, "file: /json/path: what is wrong". */
export class FixtureError extends Error {
  constructor(readonly invalid: ReadonlyArray<{ file: string; problems: string[] }>) {
    super(invalid.flatMap(({ file, problems }) => problems.map((problem) => `${file}: ${problem}`)).join('\n'))
    this.name = 'FixtureError'
  }

  get file(): string {
    return this.invalid.map((i) => i.file).join(', ')
  }
}

interface SchemaError {
  keyword: string
  schemaPath: string
  instancePath: string
  message: string
  params?: Record<string, unknown>
}

/** One line per error, the noise of union branches left out (their anyOf error says it). */
function describeErrors(errors: SchemaError[]): string[] {
  const unions = errors.filter((e) => e.keyword === 'anyOf').map((e) => `${e.schemaPath}/anyOf/`)
  const lines: string[] = []
  for (const error of errors) {
    if (error.keyword === 'boolean') continue
    if (unions.some((prefix) => error.schemaPath.startsWith(prefix))) continue
    let message = error.message
    if (error.keyword === 'additionalProperties') {
      const extra = error.params?.additionalProperties
      if (Array.isArray(extra)) message = `unknown field${extra.length > 1 ? 's' : ''} ${extra.map((k) => JSON.stringify(k)).join(', ')}`
    }
    if (error.keyword === 'enum' && Array.isArray(error.params?.allowedValues))
      message = `must be one of ${(error.params.allowedValues as unknown[]).join(', ')}`
    lines.push(`${error.instancePath || '/'}: ${message}`)
  }
  return [...new Set(lines)]
}

/** Inline matchers sit inside free-form bodies, so the schema cannot see them: checked here. */
function checkMatchers(value: unknown, pointer: string, problems: string[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => checkMatchers(item, `${pointer}/${index}`, problems))
    return
  }
  if (typeof value !== 'object' || value === null) return
  if (isMatcher(value)) {
    for (const error of [...Value.Errors(Matcher, value)] as SchemaError[])
      problems.push(...describeErrors([{ ...error, instancePath: `${pointer}${error.instancePath}` }]))
    checkPattern(value.$match, value.pattern, pointer, problems)
    return
  }
  for (const [key, child] of Object.entries(value))
    checkMatchers(child, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, problems)
}

function checkPattern(kind: unknown, pattern: unknown, pointer: string, problems: string[]): void {
  if (kind === 'regex' && typeof pattern !== 'string') problems.push(`${pointer}: a regex matcher needs a pattern`)
  if (typeof pattern === 'string') {
    try {
      new RegExp(pattern)
    } catch (error) {
      problems.push(`${pointer}/pattern: not a regular expression (${(error as Error).message})`)
    }
  }
}

/** Validates one parsed fixture; the problems, none when it is valid. */
export function validateFixture(data: unknown, fileName?: string): string[] {
  if (!Value.Check(Fixture, data)) return describeErrors([...Value.Errors(Fixture, data)] as SchemaError[])
  const problems: string[] = []
  const fixture = data
  if (fileName && path.basename(fileName) !== `${fixture.name}.json`)
    problems.push(`/name: "${fixture.name}" does not match the file name ${path.basename(fileName)}`)
  const rules = (list: FixtureData['volatile'], pointer: string) =>
    list?.forEach((rule, index) => {
      try {
        parseRulePath(rule.path)
      } catch (error) {
        problems.push(`${pointer}/${index}/path: ${(error as Error).message}`)
      }
      checkPattern(rule.match, rule.pattern, `${pointer}/${index}`, problems)
    })
  rules(fixture.volatile, '/volatile')
  fixture.exchanges.forEach((exchange, index) => {
    const at = `/exchanges/${index}`
    rules(exchange.volatile, `${at}/volatile`)
    checkMatchers(exchange.response.body, `${at}/response/body`, problems)
    checkMatchers(exchange.response.headers, `${at}/response/headers`, problems)
    checkMatchers(exchange.bff?.body, `${at}/bff/body`, problems)
    checkMatchers(exchange.request.match, `${at}/request/match`, problems)
  })
  return problems
}

/** A file as a tester would type it: relative to the working folder when inside it. */
export function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file)
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file
}

export async function loadFixtureFile(target: string): Promise<LoadedFixture> {
  const file = displayPath(target)
  const text = await readFile(target, 'utf8')
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new FixtureError([{ file, problems: [`not JSON: ${(error as Error).message}`] }])
  }
  const problems = validateFixture(data, file)
  if (problems.length > 0) throw new FixtureError([{ file, problems }])
  return { file, fixture: data as FixtureData }
}

/** The JSON files a path names: itself, or a folder's (with its sub-folders when recursive), sorted. */
export async function fixtureFiles(target: string, recursive = false): Promise<string[]> {
  const info = await stat(target)
  if (info.isFile()) return [target]
  const files: string[] = []
  for (const entry of (await readdir(target, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(target, entry.name)
    if (entry.isFile() && entry.name.endsWith('.json') && !entry.name.endsWith('.schema.json')) files.push(full)
    else if (entry.isDirectory() && recursive) files.push(...(await fixtureFiles(full, true)))
  }
  return files
}

/** Loads every fixture under the given paths; all invalid files are reported together. */
export async function loadFixtures(targets: string[], options: { recursive?: boolean } = {}): Promise<LoadedFixture[]> {
  const loaded: LoadedFixture[] = []
  const errors: FixtureError[] = []
  for (const target of targets) {
    for (const file of await fixtureFiles(target, options.recursive)) {
      try {
        loaded.push(await loadFixtureFile(file))
      } catch (error) {
        if (error instanceof FixtureError) errors.push(error)
        else throw error
      }
    }
  }
  if (errors.length > 0) throw new FixtureError(errors.flatMap((e) => e.invalid))
  return loaded
}

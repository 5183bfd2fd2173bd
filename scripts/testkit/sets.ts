// The fixture sets under fixtures/contract/: main (the folder's own files),
// each sub-folder by its name (legacy, site), and all of them.
import { fileURLToPath } from 'node:url'
import path from 'node:path'

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const CONTRACT_DIR = path.join(REPO_ROOT, 'fixtures', 'contract')
export const SCHEMA_FILE = path.join(REPO_ROOT, 'fixtures', 'fixture.schema.json')

/** The folder a set names ('all' is read recursively). */
export function setPaths(set: string): string[] {
  if (set === 'main' || set === 'all') return [CONTRACT_DIR]
  if (!/^[a-z0-9-]+$/.test(set)) throw Object.assign(new Error(`no such set ${set}`), { code: 'ENOENT', path: set })
  return [path.join(CONTRACT_DIR, set)]
}

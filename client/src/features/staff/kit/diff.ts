import { diffWords } from 'diff'
import { plainText } from '../../../lib/rich-summary'

// Two saves of a record (a report, a bulletin, a news item) compared field by
// field, as an editor reads them: the words of a rich text added and removed
// (its text, not its HTML), a file as a file (the same bytes are the same
// file, whatever the store keeps beside it), any other field's values.
// Words are found by jsdiff's diffWords with the browser's Intl.Segmenter,
// which splits Chinese (written without spaces) into words too.

/** A field's place in the record: ['editions', 'zh-CN', 'prices', 'single'], ['title'] */
export type FieldPath = readonly string[]

export interface TextPart {
  text: string
  added?: boolean
  removed?: boolean
}

export interface FileFacts {
  name: string
  size: number | null
  /** What makes two files the same: the checksum (a report's or bulletin's file) or the stored name (a cover) */
  identity: string
}

export type FieldChange =
  | { kind: 'value'; path: FieldPath; before: unknown; after: unknown }
  | { kind: 'text'; path: FieldPath; parts: TextPart[] }
  | { kind: 'file'; path: FieldPath; before: FileFacts | null; after: FileFacts | null; same: boolean }

export interface CompareOptions {
  /** Fields holding HTML, compared by their text */
  isRich: (path: FieldPath) => boolean
  /** The language of the words, for splitting them (zh-CN, en-US) */
  languageOf: (path: FieldPath) => string
}

/** Saves' bookkeeping and the row ids of the stored record: never a change an editor made. */
const IGNORED_TOP = new Set(['version', 'updatedAt', 'updatedBy'])
const IGNORED_ANYWHERE = new Set(['id'])
/** Plain text this long (or on several lines) reads better as words added and removed than as two whole values. */
const LONG_TEXT = 120

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)

/** A stored file ({name, size, sha256…}) or a cover ({filePath, fileName, url}); the store's key is no part of it. */
function fileFacts(value: unknown): FileFacts | null {
  if (!isObject(value)) return null
  if (typeof value.fileName === 'string') return { name: value.fileName, size: null, identity: value.fileName }
  const name = typeof value.name === 'string' ? value.name : ''
  const size = typeof value.size === 'number' ? value.size : null
  return { name, size, identity: typeof value.sha256 === 'string' ? value.sha256 : `${name}/${size ?? ''}` }
}

/** Files are a report edition's `files.sample`/`files.full`, a bulletin's `file` and an article's `cover`. */
const isFilePath = (path: FieldPath) => path.at(-2) === 'files' || (path.length === 1 && (path[0] === 'file' || path[0] === 'cover'))

type Leaf = { file: true; value: FileFacts | null } | { file: false; value: unknown }

function flatten(value: unknown, path: string[], out: Map<string, { path: FieldPath; leaf: Leaf }>) {
  if (path.length > 0 && isFilePath(path)) {
    out.set(path.join('\u0000'), { path, leaf: { file: true, value: fileFacts(value) } })
    return
  }
  if (isObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      if ((path.length === 0 && IGNORED_TOP.has(key)) || IGNORED_ANYWHERE.has(key)) continue
      flatten(child, [...path, key], out)
    }
    return
  }
  out.set(path.join('\u0000'), { path, leaf: { file: false, value } })
}

const empty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
const same = (a: unknown, b: unknown) => (empty(a) && empty(b)) || JSON.stringify(a) === JSON.stringify(b)

/** The words of two texts, unchanged, removed and added in reading order. */
export function wordChanges(before: string, after: string, language: string): TextPart[] {
  const segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(language, { granularity: 'word' }) : undefined
  return diffWords(before, after, segmenter ? { intlSegmenter: segmenter } : {}).map((part) => ({
    text: part.value,
    ...(part.added ? { added: true } : {}),
    ...(part.removed ? { removed: true } : {}),
  }))
}

/**
 * What differs between two saves, in the record's own order; every file of
 * either save is listed, changed or not (`same`), since a file is what an
 * editor looks for first.
 */
export function compareRecords(before: unknown, after: unknown, options: CompareOptions): FieldChange[] {
  const a = new Map<string, { path: FieldPath; leaf: Leaf }>()
  const b = new Map<string, { path: FieldPath; leaf: Leaf }>()
  flatten(before ?? {}, [], a)
  flatten(after ?? {}, [], b)
  const changes: FieldChange[] = []
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    const path = (a.get(key) ?? b.get(key))!.path
    const then = a.get(key)?.leaf
    const now = b.get(key)?.leaf
    if (then?.file || now?.file) {
      const old = then?.file ? then.value : null
      const current = now?.file ? now.value : null
      if (old || current) changes.push({ kind: 'file', path, before: old, after: current, same: old?.identity === current?.identity })
      continue
    }
    if (same(then?.value, now?.value)) continue
    const texts = [then?.value ?? '', now?.value ?? '']
    if (texts.every((text) => typeof text === 'string')) {
      const [old, current] = texts as [string, string]
      if (options.isRich(path)) {
        const words = [plainText(old, Infinity), plainText(current, Infinity)] as const
        // Markup alone changed (a tag, an attribute): shown as the same words, never as nothing.
        changes.push({ kind: 'text', path, parts: wordChanges(words[0], words[1], options.languageOf(path)) })
        continue
      }
      if (Math.max(old.length, current.length) > LONG_TEXT || /\n/.test(old + current)) {
        changes.push({ kind: 'text', path, parts: wordChanges(old, current, options.languageOf(path)) })
        continue
      }
    }
    changes.push({ kind: 'value', path, before: then?.value, after: now?.value })
  }
  return changes
}

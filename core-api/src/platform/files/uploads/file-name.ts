import { supportedExtensions } from 'file-type'

// The name buyers see and save a file under: what the uploader sent, without
// a path, control or direction-override characters (which hide a real
// extension: "report\u202Efdp.exe"), or characters no file system takes;
// letters of every script (CJK included) are kept. Its extension is the
// detected type's, whatever the name said.

const MAX_STEM = 150
/** Extensions that are dropped (and replaced) when a name ends in one: those file-type knows and a few it does not detect. */
const KNOWN_EXTENSIONS = new Set([...supportedExtensions, 'doc', 'docx', 'dot', 'dotx', 'rtf', 'txt', 'jpeg', 'htm', 'html'])

/** The last extension of a name, lower case, without the dot ('' when none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
}

/** A name safe to store and to send in Content-Disposition, ending in `.${ext}`; `fallback` when nothing of it is left. */
export function sanitizeFileName(name: string, ext: string, fallback = 'file'): string {
  const base = name.split(/[/\\]/).pop() ?? ''
  let clean = base
    .normalize('NFC')
    // Control (Cc), format (Cf: bidi overrides, zero-width), unassigned and private-use characters, and lone surrogates.
    .replace(/[\p{Cc}\p{Cf}\p{Cn}\p{Co}\p{Cs}]/gu, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/gu, ' ')
    .trim()
  if (KNOWN_EXTENSIONS.has(extensionOf(clean))) clean = clean.slice(0, clean.lastIndexOf('.'))
  // Leading dots make a hidden file; trailing dots and spaces are dropped by Windows.
  clean = clean.replace(/^[.\s]+|[.\s]+$/gu, '')
  clean = Array.from(clean).slice(0, MAX_STEM).join('').trim()
  return `${clean || fallback}.${ext}`
}

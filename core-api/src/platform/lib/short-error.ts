// An error's text as staff screens show it: its first line, short, with what
// may be personal or secret masked. A mail server's refusal names the
// recipient; a gateway's or a file store's error may carry a signed link or
// a key; a stack names the server's paths. None of that belongs on a screen.

export const SHORT_ERROR_LENGTH = 200

const MASKS: ReadonlyArray<[RegExp, string]> = [
  // name=value pairs whose value is a secret (password=…, token: …, Authorization: Bearer …)
  [/\b(password|passwd|pwd|secret|token|api[_-]?key|key|signature|sign|authorization)(\s*[=:]\s*)(bearer\s+)?[^\s,;&]+/gi, '$1$2[hidden]'],
  [/[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+\.[A-Za-z]{2,}/g, '[e-mail]'],
  // A link's query or fragment may sign or grant access: the address stays, the rest goes.
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^\s?#]*)[?#][^\s]*/gi, '$1?[hidden]'],
  // Long runs of letters and digits: keys, tokens, hashes.
  [/\b[A-Za-z0-9+/_-]{32,}={0,2}/g, '[hidden]'],
]

/** The first line of `text`, masked and cut to SHORT_ERROR_LENGTH characters. */
export function shortError(text: string | null | undefined): string {
  let line = (text ?? '').split(/\r?\n/, 1)[0]!.trim()
  for (const [pattern, mask] of MASKS) line = line.replace(pattern, mask)
  line = line.replace(/\s+/g, ' ')
  return line.length > SHORT_ERROR_LENGTH ? `${line.slice(0, SHORT_ERROR_LENGTH - 1)}…` : line
}

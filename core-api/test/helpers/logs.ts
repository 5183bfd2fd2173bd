import { Writable } from 'node:stream'

/** A stream for the app's pino logger that keeps every line, to grep what the operators would read. */
export function logCapture() {
  const lines: string[] = []
  let partial = ''
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const text = partial + chunk.toString('utf8')
      const parts = text.split('\n')
      partial = parts.pop() ?? ''
      lines.push(...parts.filter(Boolean))
      done()
    },
  })
  return {
    stream,
    lines,
    text: () => lines.join('\n') + partial,
    /** Parsed entries whose msg contains the text */
    find: (msg: string) =>
      lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => typeof entry.msg === 'string' && entry.msg.includes(msg)),
  }
}

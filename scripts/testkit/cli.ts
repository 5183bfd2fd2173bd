import { parseArgs, type ParseArgsConfig } from 'node:util'

type Options = NonNullable<ParseArgsConfig['options']>

/**
 * The testers' commands read their options here: `--help` prints the usage
 * (exit 0), an unknown or malformed option prints it with the problem
 * (exit 2, as the tools' usage errors do), never a stack trace.
 */
export function parseCli<O extends Options>(options: O, usage: string, argv: string[] = process.argv.slice(2)) {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(usage)
    process.exit(0)
  }
  try {
    return parseArgs({ args: argv, options, allowPositionals: false })
  } catch (error) {
    return usageError(usage)(error instanceof Error ? error.message : String(error))
  }
}

/** What a command calls on a usage error of its own: prints the problem and the usage, exit 2. */
export function usageError(usage: string): (message: string) => never {
  return (message) => {
    console.error(`${message}\n${usage}`)
    process.exit(2)
  }
}

/** Runs stop on Ctrl-C or SIGTERM, for the commands that serve until stopped. */
export function onStopSignal(stop: () => Promise<void>): void {
  const run = () => void stop()
  process.once('SIGINT', run)
  process.once('SIGTERM', run)
}

// The one error the stamping engine throws for a file it cannot stamp: the
// caller shows `message` to staff and tells the buyer the file is being
// prepared, so a bad upload never surfaces as a 500.
export type StampFailure = 'encrypted' | 'damaged' | 'unsupported'

export class StampError extends Error {
  constructor(
    readonly reason: StampFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'StampError'
  }
}

// The stamping engine: pure functions from a report's stored file and a
// licence (or sample) stamp to the file a buyer downloads, and back from a
// copy to its trace code. No database, no routes: the licensing services
// store the stamped files and record who got which code.
export { licenceLine, sampleLine, type Lang, type LicenceKind, type LicenceStamp } from './lines.ts'
export { readStampCode, type FoundStamp } from './read-stamp.ts'
export { sourceKindOf, stampFile, type SourceKind, type StampedFile } from './stamp-file.ts'
export { StampError, type StampFailure } from './stamp-error.ts'
export { codesInText, newTraceCode } from './trace-code.ts'

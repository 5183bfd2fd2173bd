import { fileURLToPath } from 'node:url'

// src/platform/paths.ts and dist/platform/paths.js sit at the same depth, so these hold for
// both the tsx-run sources and the compiled build.
export const packageRoot = fileURLToPath(new URL('../..', import.meta.url))
export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))

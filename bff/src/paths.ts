import { fileURLToPath } from 'node:url'

// src/paths.ts and dist/paths.js sit at the same depth.
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

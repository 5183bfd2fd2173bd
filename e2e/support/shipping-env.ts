/**
 * This process's environment without what Vitest adds to it (VITEST,
 * VITEST_POOL_ID, …), for building the client as it ships: its Vite config
 * leaves its module aliases out under Vitest.
 */
export function shippingEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('VITEST')))
}

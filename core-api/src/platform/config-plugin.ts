// The settings server.ts read and checked once at boot, as app.config (typed in config.ts).
export { configPlugin as default } from '@rpt/server-kit'

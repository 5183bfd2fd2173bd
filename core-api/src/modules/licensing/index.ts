// Licences: the seats of multi-user and enterprise orders (colleagues invited by e-mail, the company's
// verified domain), the stamped copy each holder downloads (made once, kept, streamed; never the
// original), samples stamped for their requester, the daily download limit, and tracing a leaked file.
// Other modules import this file only.

export { default as licences } from './licences-plugin.ts'
export type { LicenceServices } from './licences-plugin.ts'
export { HELD_ORDERS_SQL, type Access } from './holdings.ts'
export { default as licenceRoutes } from './routes/licences.ts'
export { default as sampleRoutes } from './routes/sample.ts'
export { default as staffLicenceRoutes } from './routes/staff-licences.ts'

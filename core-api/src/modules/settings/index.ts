// The site's settings and dictionaries (sys_config, sys_dict_data): read through short-lived caches by
// every module, answered to clients by the config and dict calls. Staff edit them in the site module.
// Other modules import this file only.

export { default as configService, EDITIONS, LICENCES, countKey, priceKey } from './config-service.ts'
export type { ConfigService, Edition, Licence } from './config-service.ts'
export { default as dictService, dictTypeFor } from './dict-service.ts'
export type { DictFamily, DictService } from './dict-service.ts'
export { default as configRoutes } from './routes/config.ts'
export { default as dictRoutes } from './routes/dict.ts'

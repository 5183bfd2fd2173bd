// Publishing: what editors write and when it shows. A shared core (status, revisions, the outbox of
// changed cache tags, the schedule, previews, the BFFs' feed), then reports, articles (bulletins and
// news), imports and media.
// Other modules import this file only.

export { staffBulletinsPlugin, staffNewsPlugin } from './articles/article-service.ts'
export { default as staffBulletinRoutes } from './articles/bulletin-routes.ts'
export { default as staffArticleFilesRoutes } from './articles/file-routes.ts'
export { default as staffNewsRoutes } from './articles/news-routes.ts'
export { default as contentService } from './core/content-service.ts'
export { recordContentChange } from './core/content-status.ts'
export { default as contentRoutes } from './core/routes.ts'
export { default as importService } from './imports/plugin.ts'
export { default as staffImportRoutes } from './imports/routes.ts'
export { MEDIA_URL_PREFIX } from './media/media-store.ts'
export { default as staffMediaRoutes } from './media/routes.ts'
export { default as staffFilesRoutes } from './reports/file-routes.ts'
export { default as staffReports } from './reports/report-service.ts'
export { default as staffReportRoutes } from './reports/routes.ts'
export { default as publishSchedule } from './core/schedule.ts'

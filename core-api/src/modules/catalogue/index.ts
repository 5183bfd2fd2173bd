// The public catalogue: reports (through search), bulletins and news as visitors and legacy clients
// read them, their prices, and the earlier backend's image folder.
// Other modules import this file only.

export { default as bulletinService } from './bulletin-service.ts'
export type { BulletinService } from './bulletin-service.ts'
export { default as newsService } from './news-service.ts'
export type { NewsService } from './news-service.ts'
export { default as reportService } from './report-service.ts'
export type { ReportService } from './report-service.ts'
export { default as legacyFilesRoutes } from './routes/legacy-files.ts'
export { default as marketInfoRoutes } from './routes/market-info.ts'
export { default as researchBriefReportRoutes } from './routes/research-brief-report.ts'
export { default as researchReportRoutes } from './routes/research-report.ts'

import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Transaction } from 'sequelize'
import { sanitizeRichText, toPlainText } from '../lib/rich-text.ts'
import type { FileStore } from '../files/file-store.ts'
import type { Database } from './database.ts'
import type {
  BulletinFixture,
  CarouselFixture,
  ConfigFixture,
  DictFixture,
  MapFixture,
  NewsFixture,
  ReportFixture,
} from './fixture-types.ts'

export interface SeedOptions {
  fixturesDir: string
  /** Where generated sample PDFs go; without it no files are written and attachments stay unset */
  fileStore?: FileStore
  publisher?: { 'zh-CN': string; 'en-US': string }
  log?: (message: string) => void
}

export interface SeedSummary {
  dicts: number
  configs: number
  carousel: number
  mapRegions: number
  reports: number
  news: number
  bulletins: number
  files: number
}

async function readFixture<T>(dir: string, name: string): Promise<T[]> {
  const file = path.join(dir, name)
  const parsed: unknown = JSON.parse(await readFile(file, 'utf8'))
  if (!Array.isArray(parsed)) throw new Error(`${file}: expected a JSON array`)
  return parsed as T[]
}

export async function loadFixtures(dir: string) {
  const [dicts, configs, carousel, map, reports, news, bulletins] = await Promise.all([
    readFixture<DictFixture>(dir, 'dicts.json'),
    readFixture<ConfigFixture>(dir, 'config.json'),
    readFixture<CarouselFixture>(dir, 'carousel.json'),
    readFixture<MapFixture>(dir, 'map.json'),
    readFixture<ReportFixture>(dir, 'reports.json'),
    readFixture<NewsFixture>(dir, 'news.json'),
    readFixture<BulletinFixture>(dir, 'bulletins.json'),
  ])
  return { dicts, configs, carousel, map, reports, news, bulletins }
}

export type Fixtures = Awaited<ReturnType<typeof loadFixtures>>

/**
 * Loads (or reloads) the fixtures. Rows are upserted on their natural keys,
 * so a reseed refreshes content without changing the ids that requests,
 * orders and links already point at.
 */
export async function seed(db: Database, options: SeedOptions): Promise<SeedSummary> {
  const fixtures = await loadFixtures(options.fixturesDir)
  const log = options.log ?? (() => undefined)
  const { models } = db
  const publisher = options.publisher ?? publisherNames(fixtures.configs)
  const files = await writeSampleFiles(fixtures, options.fileStore, publisher, log)

  await db.sequelize.transaction(async (transaction: Transaction) => {
    await models.DictData.bulkCreate(
      fixtures.dicts.map((d) => ({ ...d, cssClass: d.cssClass ?? null, cssStyle: d.cssStyle ?? null, dictIcon: d.dictIcon ?? null })),
      {
        transaction,
        conflictAttributes: ['dictType', 'dictValue'],
        updateOnDuplicate: ['dictLabel', 'treeSort', 'cssClass', 'cssStyle', 'dictIcon', 'updatedAt'],
      },
    )
    await models.SysConfig.bulkCreate(fixtures.configs, {
      transaction,
      conflictAttributes: ['configKey'],
      updateOnDuplicate: ['configValue', 'configName', 'updatedAt'],
    })
    // Slides and regions have no natural key worth keeping: replace them whole.
    await models.Carousel.destroy({ where: {}, transaction })
    await models.Carousel.bulkCreate(fixtures.carousel, { transaction })
    await models.MapRegion.bulkCreate(fixtures.map, {
      transaction,
      conflictAttributes: ['regionCode'],
      updateOnDuplicate: ['nameZh', 'nameEn', 'clients', 'reports', 'sort', 'updatedAt'],
    })
    const reportRows = fixtures.reports.flatMap((r) =>
      (['zh-CN', 'en-US'] as const).map((lang) => {
        const texts = lang === 'zh-CN' ? r.zh : r.en
        const file = files.get(`report:${r.reportCode}:${lang}`)
        return {
          lang,
          reportCode: r.reportCode,
          webTitle: r.webTitle,
          marketType: r.marketType,
          reportRegion: r.reportRegion,
          publishDate: r.publishDate,
          pageNum: r.pageNum,
          chart: r.chart,
          hot: r.hot,
          hotSort: r.hotSort,
          title: toPlainText(texts.title),
          outline: toPlainText(texts.outline),
          context: sanitizeRichText(texts.context),
          directory: sanitizeRichText(texts.directory),
          reportScope: sanitizeRichText(texts.reportScope),
          chartsHtml: sanitizeRichText(texts.chartsHtml),
          price: texts.price,
          multiPrice: texts.multiPrice,
          enterprisePrice: texts.enterprisePrice,
          ...attachmentOf(file),
        }
      }),
    )
    await models.ResearchReport.bulkCreate(reportRows, {
      transaction,
      conflictAttributes: ['lang', 'webTitle'],
      updateOnDuplicate: [
        'reportCode',
        'title',
        'marketType',
        'reportRegion',
        'publishDate',
        'pageNum',
        'chart',
        'hot',
        'hotSort',
        'outline',
        'context',
        'directory',
        'reportScope',
        'chartsHtml',
        'price',
        'multiPrice',
        'enterprisePrice',
        'attachmentKey',
        'attachmentName',
        'updatedAt',
      ],
    })
    await models.MarketInfo.bulkCreate(
      fixtures.news.map((n) => ({
        ...n,
        title: toPlainText(n.title),
        outline: toPlainText(n.outline),
        context: sanitizeRichText(n.context),
        filePath: null,
        fileName: null,
      })),
      {
        transaction,
        conflictAttributes: ['lang', 'webTitle'],
        updateOnDuplicate: ['title', 'marketType', 'marketCategory', 'keyword', 'outline', 'context', 'publishDate', 'updatedAt'],
      },
    )
    await models.ResearchBriefReport.bulkCreate(
      fixtures.bulletins.map((b) => {
        const file = files.get(`bulletin:${b.lang}:${b.webTitle}`)
        return {
          lang: b.lang,
          webTitle: b.webTitle,
          title: toPlainText(b.title),
          marketType: b.marketType,
          topLabelId: b.topLabelId,
          outline: toPlainText(b.outline),
          context: sanitizeRichText(b.context),
          publishDate: b.publishDate,
          pageNum: b.pageNum,
          price: b.price,
          choiceness: b.choiceness,
          ...attachmentOf(file),
        }
      }),
      {
        transaction,
        conflictAttributes: ['lang', 'webTitle'],
        updateOnDuplicate: [
          'title',
          'marketType',
          'topLabelId',
          'outline',
          'context',
          'publishDate',
          'pageNum',
          'price',
          'choiceness',
          'attachmentKey',
          'attachmentName',
          'updatedAt',
        ],
      },
    )
  })
  // Statistics and a visibility map for the content tables, so list facets
  // can be index-only scans from the first request.
  for (const table of ['research_report', 'research_brief_report', 'market_info']) await db.sequelize.query(`VACUUM ANALYZE ${table}`)

  return {
    dicts: fixtures.dicts.length,
    configs: fixtures.configs.length,
    carousel: fixtures.carousel.length,
    mapRegions: fixtures.map.length,
    reports: fixtures.reports.length * 2,
    news: fixtures.news.length,
    bulletins: fixtures.bulletins.length,
    files: files.size,
  }
}

function publisherNames(configs: ConfigFixture[]) {
  const value = (key: string, fallback: string) => configs.find((c) => c.configKey === key)?.configValue ?? fallback
  return { 'zh-CN': value('cn.site.name', 'Research Publisher'), 'en-US': value('en.site.name', 'Research Publisher') }
}

/** File names are the product's title, made safe for every operating system's file dialog. */
function downloadName(title: string): string {
  return `${title
    // eslint-disable-next-line no-control-regex -- control characters are unsafe in file names and removed on purpose
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ')
    .trim()
    .slice(0, 180)}.pdf`
}

// pdfkit and its font engine (some 3 MB of source the heap keeps) are loaded
// only when a sample file is missing, not by every start of the API.
let sampleFiles: Promise<typeof import('./sample-files.ts')> | undefined
const loadSampleFiles = () => (sampleFiles ??= import('./sample-files.ts'))

/** Seeded rows have no legacy file path; the sample file, when there is one, is what a paid order delivers. */
function attachmentOf(file: { key: string; name: string } | undefined) {
  return { filePath: null, fileName: null, attachmentKey: file?.key ?? null, attachmentName: file?.name ?? null }
}

/** Puts a sample PDF at the key unless the store has one, and answers the file as orders deliver it. */
async function ensureSamplePdf(
  store: FileStore,
  key: string,
  sample: { title: string; code: string; publisher: string; lang: 'zh-CN' | 'en-US'; contentsHtml: string; summary: string },
): Promise<{ key: string; name: string }> {
  if (!(await store.stat(key))) {
    const { renderSamplePdf, htmlToPlainLines } = await loadSampleFiles()
    const { contentsHtml, ...doc } = sample
    await store.put(key, await renderSamplePdf({ ...doc, chapters: htmlToPlainLines(contentsHtml) }))
  }
  return { key, name: downloadName(sample.title) }
}

async function writeSampleFiles(
  fixtures: Fixtures,
  store: FileStore | undefined,
  publisher: { 'zh-CN': string; 'en-US': string },
  log: (m: string) => void,
) {
  const files = new Map<string, { key: string; name: string }>()
  if (!store) return files
  for (const report of fixtures.reports.filter((r) => r.hasFile)) {
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const texts = lang === 'zh-CN' ? report.zh : report.en
      const file = await ensureSamplePdf(store, `reports/${report.reportCode}.${lang}.pdf`, {
        title: texts.title,
        code: report.reportCode,
        publisher: publisher[lang],
        lang,
        contentsHtml: texts.directory,
        summary: texts.outline,
      })
      files.set(`report:${report.reportCode}:${lang}`, file)
    }
  }
  for (const bulletin of fixtures.bulletins.filter((b) => b.hasFile)) {
    const file = await ensureSamplePdf(store, `bulletins/${bulletin.lang}/${bulletin.webTitle}.pdf`, {
      title: bulletin.title,
      code: bulletin.webTitle,
      publisher: publisher[bulletin.lang],
      lang: bulletin.lang,
      contentsHtml: bulletin.context,
      summary: bulletin.outline,
    })
    files.set(`bulletin:${bulletin.lang}:${bulletin.webTitle}`, file)
  }
  log(`sample files ready: ${files.size}`)
  return files
}

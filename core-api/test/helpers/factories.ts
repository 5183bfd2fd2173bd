import type { FastifyInstance } from 'fastify'
import type { InferCreationAttributes } from 'sequelize'
import type { MarketInfo } from '../../src/platform/db/models/market-info.ts'
import type { ResearchBriefReport } from '../../src/platform/db/models/research-brief-report.ts'
import type { ResearchReport } from '../../src/platform/db/models/research-report.ts'

// Factories give every required field a sensible value, so a test states only
// what it is about.
let sequence = 0
const next = () => ++sequence

export async function createDict(app: FastifyInstance, dictType: string, entries: [value: string, label: string][]) {
  await app.db.models.DictData.bulkCreate(
    entries.map(([dictValue, dictLabel], index) => ({
      dictType,
      dictValue,
      dictLabel,
      treeSort: (index + 1) * 10,
      cssClass: null,
      cssStyle: null,
    })),
  )
  app.dicts.clearCache()
}

export async function createConfigs(app: FastifyInstance, values: Record<string, string | number>) {
  await app.db.models.SysConfig.bulkCreate(
    Object.entries(values).map(([configKey, value]) => ({ configKey, configValue: String(value), configName: configKey })),
  )
  app.configs.clearCache()
}

export async function createReport(app: FastifyInstance, attributes: Partial<InferCreationAttributes<ResearchReport>> = {}) {
  const n = next()
  return app.db.models.ResearchReport.create({
    lang: 'zh-CN',
    reportCode: `T-${n}`,
    title: `测试报告 ${n}`,
    webTitle: `test-report-${n}`,
    marketType: 'energy',
    reportRegion: '0',
    publishDate: '2026-01-15',
    pageNum: 120,
    chart: 60,
    outline: '',
    context: '<p>正文</p>',
    directory: '<ol><li>第一章</li></ol>',
    reportScope: '',
    chartsHtml: '',
    price: 6800,
    multiPrice: 8800,
    enterprisePrice: 12800,
    filePath: null,
    fileName: null,
    attachmentKey: null,
    attachmentName: null,
    ...attributes,
  })
}

export async function createBulletin(app: FastifyInstance, attributes: Partial<InferCreationAttributes<ResearchBriefReport>> = {}) {
  const n = next()
  return app.db.models.ResearchBriefReport.create({
    lang: 'zh-CN',
    title: `测试简报 ${n}`,
    webTitle: `test-bulletin-${n}`,
    marketType: 'industry-brief',
    topLabelId: 'new-energy',
    outline: '简报摘要',
    context: '<p>简报正文</p>',
    publishDate: '2026-02-01',
    pageNum: 12,
    price: 299,
    filePath: null,
    fileName: null,
    attachmentKey: null,
    attachmentName: null,
    ...attributes,
  })
}

export async function createNews(app: FastifyInstance, attributes: Partial<InferCreationAttributes<MarketInfo>> = {}) {
  const n = next()
  return app.db.models.MarketInfo.create({
    lang: 'zh-CN',
    title: `测试资讯 ${n}`,
    webTitle: `test-news-${n}`,
    marketType: 'energy',
    marketCategory: 'industry-news',
    keyword: '',
    outline: '资讯摘要',
    context: '<p>资讯正文</p>',
    publishDate: `2026-03-${String((n % 27) + 1).padStart(2, '0')} 09:00:00`,
    filePath: null,
    fileName: null,
    ...attributes,
  })
}

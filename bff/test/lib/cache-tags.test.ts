import * as contract from '@rpt/contract'
import { describe, expect, it } from 'vitest'
import * as bffTags from '../../src/lib/content-tags.ts'

// The cache tags' strings are stored (the core API's outbox, recorded
// fixtures) and read by a BFF and a core API of different releases during a
// rolling upgrade: the contract declares them once, and their values never change.

describe('the cache tags', () => {
  it('keep their values', () => {
    expect(contract.langTag('en-US')).toBe('lang:en-US')
    expect(contract.reportTag('solar-cells')).toBe('report:solar-cells')
    expect(contract.reportIdTag(42)).toBe('report-id:42')
    expect(contract.reportIdTag('42')).toBe('report-id:42')
    expect(contract.articleTag('bulletin', 'weekly')).toBe('bulletin:weekly')
    expect(contract.articleIdTag('news', '7')).toBe('news-id:7')
    expect(contract.COLLECTIONS.map(contract.collectionTag)).toEqual(['collection:reports', 'collection:bulletins', 'collection:news'])
    expect([contract.COLLECTION_REPORTS, contract.COLLECTION_BULLETINS, contract.COLLECTION_NEWS]).toEqual([
      'collection:reports',
      'collection:bulletins',
      'collection:news',
    ])
    expect(contract.urlTag('/en/reports/x')).toBe('url:/en/reports/x')
    expect(contract.dictTag('market_type')).toBe('dict:market_type')
    expect(contract.dictTags('reports_category_en')).toEqual(['dict:reports_category_en', 'dict:reports_category'])
    expect(contract.carouselTag('zh-CN')).toBe('carousel:zh-CN')
    expect(contract.configTag('cn.contact.phone')).toBe('config:cn.contact.phone')
  })

  it('are the BFF’s: it names no tag of its own', () => {
    for (const name of [
      'langTag',
      'reportTag',
      'reportIdTag',
      'collectionTag',
      'urlTag',
      'dictTags',
      'carouselTag',
      'configTag',
      'COLLECTIONS',
    ] as const)
      expect(bffTags[name], name).toBe(contract[name])
  })
})

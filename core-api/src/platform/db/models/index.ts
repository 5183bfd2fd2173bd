import type { Sequelize } from 'sequelize'
import { Carousel } from './carousel.ts'
import { CustomerInfo } from './customer-info.ts'
import { DictData } from './dict-data.ts'
import { MapRegion } from './map-region.ts'
import { MarketInfo } from './market-info.ts'
import { MediaImage } from './media-image.ts'
import { ResearchBriefReport } from './research-brief-report.ts'
import { ResearchReport } from './research-report.ts'
import { SysConfig } from './sys-config.ts'
import { WebsiteUser } from './website-user.ts'
import { WebsiteUserSession } from './website-user-session.ts'

const modelClasses = {
  Carousel,
  CustomerInfo,
  DictData,
  MapRegion,
  MarketInfo,
  MediaImage,
  ResearchBriefReport,
  ResearchReport,
  SysConfig,
  WebsiteUser,
  WebsiteUserSession,
}

export type Models = typeof modelClasses

export function initModels(sequelize: Sequelize): Models {
  for (const model of Object.values(modelClasses)) model.initModel(sequelize)
  return modelClasses
}

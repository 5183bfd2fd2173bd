import { QueryTypes, type Sequelize } from 'sequelize'
import type { Lang } from '../../platform/errors.ts'
import { servicePlugin } from '../../platform/lib/service-plugin.ts'
import { MEDIA_URL_PREFIX } from '../publishing/index.ts'

export interface CarouselSlide {
  id: string
  name: string
  title: string
  desc: string
  linkUrl: string
  color: string
  sort: number
  /** Only on a slide staff gave an image: a painted slide answers as it always did */
  imageUrl?: string
}

export interface MapRegionFigures {
  regionCode: string
  /** The region's name in the request's language */
  regionName: string
  clients: number
  reports: number
}

/** The home page's own content: the carousel and the world map figures. */
export class HomeService {
  constructor(private readonly sequelize: Sequelize) {}

  /** Published slides (status '0') of one language, by sort. */
  async carousel(lang: Lang): Promise<CarouselSlide[]> {
    const rows = await this.sequelize.query<CarouselSlide & { imageFile: string | null }>(
      `SELECT id, title AS name, title, subtitle AS desc, link_url AS "linkUrl", color, sort, image_file AS "imageFile"
         FROM carousel WHERE lang = $1 AND status = '0' ORDER BY sort, id`,
      { bind: [lang], type: QueryTypes.SELECT },
    )
    return rows.map(({ imageFile, ...slide }) => (imageFile ? { ...slide, imageUrl: `${MEDIA_URL_PREFIX}/${imageFile}` } : slide))
  }

  /** Every map region, by sort, named in the given language. */
  mapData(lang: Lang): Promise<MapRegionFigures[]> {
    return this.sequelize.query<MapRegionFigures>(
      `SELECT region_code AS "regionCode", CASE WHEN $1::text = 'en-US' THEN name_en ELSE name_zh END AS "regionName", clients, reports
         FROM map_region ORDER BY sort, id`,
      { bind: [lang], type: QueryTypes.SELECT },
    )
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    home: HomeService
  }
}

export default servicePlugin(
  { name: 'home-service', decorates: 'home', dependencies: ['db', 'dict-service', 'config-service'] },
  (app) => new HomeService(app.db.sequelize),
)

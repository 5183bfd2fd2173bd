import type { FastifyInstance } from 'fastify'
import type { Sequelize } from 'sequelize'
import type { Lang } from '../../platform/errors.ts'
import { PublishedListing, PublishedTable, type PublishedTableSpec } from './published-table.ts'
import { servicePlugin } from '../../platform/lib/service-plugin.ts'
import type { Conditions } from '../../platform/lib/sql.ts'
import type { DictFamily, DictService } from '../settings/index.ts'

export interface ItemNaming<Row, Item, Names extends string> {
  /** The dictionary families the items are named from, under the names present reads. */
  families: Record<Names, DictFamily>
  present: (row: Row, labels: Record<Names, Map<string, string>>, lang: Lang) => Item
}

/** What the services of published content (bulletins, news) share: their listing, and its pages under their filters. */
export abstract class PublishedService<
  Row extends { id: string },
  Item,
  Names extends string,
  Query extends { lang: Lang; pageNo: number; pageSize: number },
> {
  protected readonly listing: PublishedListing<Row, Item, Record<Names, Map<string, string>>>

  constructor(
    sequelize: Sequelize,
    protected readonly dicts: DictService,
    table: PublishedTableSpec,
    naming: ItemNaming<Row, Item, Names>,
  ) {
    this.listing = new PublishedListing(new PublishedTable(sequelize, table), {
      labels: (lang) => dicts.labelsOf(naming.families, lang),
      present: naming.present,
    })
  }

  /** The published rows of the query's language under its filters. */
  protected abstract conditions(query: Partial<Query> & Pick<Query, 'lang'>): Conditions

  pageList(query: Query) {
    return this.listing.page(this.conditions(query), query)
  }
}

/** The plugin of a published-content service, built from the database and the dictionaries. */
export function publishedServicePlugin<K extends keyof FastifyInstance>(
  name: string,
  decorates: K,
  Service: new (sequelize: Sequelize, dicts: DictService) => FastifyInstance[K],
) {
  return servicePlugin(
    { name, decorates, dependencies: ['db', 'dict-service', 'config-service'] },
    (app) => new Service(app.db.sequelize, app.dicts),
  )
}

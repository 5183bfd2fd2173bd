import { Type, type TObject } from 'typebox'
import { LangOnlyBody, LangOnlyQuery, LangVersionQuery } from '../fields.ts'
import {
  ArticleIdParam,
  ArticleRevisionParams,
  CreateBulletinBody,
  CreateNewsBody,
  ListArticlesQuery,
  StaffArticlePage,
  StaffBulletin,
  StaffNews,
  UpdateBulletinBody,
  UpdateNewsBody,
} from '../staff-articles.ts'
import { FileQuery, PreviewLink, PublishBody, Revision, RevisionDetail, StoredFile, VersionBody } from '../staff-reports.ts'
import { CALLS } from './calls.ts'
import { defineRoutes } from './define.ts'
import type { StaffAction } from '../staff-permissions.ts'

// The staff API's bulletins and news: the reports' calls, for an
// article of one language named by its row id. Both kinds share the shape;
// only the names (operation ids, summaries) and the record's fields differ.

// The actions of the permission table, the same for both kinds.
const read: StaffAction = 'articles.read'
const write: StaffAction = 'articles.write'
const publish: StaffAction = 'articles.publish'
const conflict = 'A version older than the stored one answers 300101 with nothing changed.'

function articleDocs<C extends TObject, U extends TObject, R extends TObject>(
  op: (verb: string) => string,
  noun: string,
  schemas: { create: C; update: U; record: R },
) {
  return {
    list: {
      operationId: op('list'),
      permission: read,
      summary: `${noun} of every status and language, paged, filtered and sorted on the server`,
      querystring: ListArticlesQuery,
      data: StaffArticlePage,
    },
    get: {
      operationId: op('get'),
      permission: read,
      summary: `One ${noun}, with its status and version`,
      params: ArticleIdParam,
      querystring: LangOnlyQuery,
      data: schemas.record,
    },
    create: {
      operationId: op('create'),
      permission: write,
      summary: `Creates a ${noun} as a draft, in one language (edition)`,
      description: 'A slug left out is made from the title; a slug in use in that language answers 300103.',
      body: schemas.create,
      data: schemas.record,
    },
    update: {
      operationId: op('update'),
      permission: write,
      summary: `Saves a ${noun}`,
      description: `${conflict} A published slug that changes is kept as an old slug.`,
      params: ArticleIdParam,
      body: schemas.update,
      data: schemas.record,
    },
    publish: {
      operationId: op('publish'),
      permission: publish,
      summary: `Publishes a ${noun} now, or at a time (the job queue runs it once)`,
      description: conflict,
      params: ArticleIdParam,
      body: PublishBody,
      data: schemas.record,
    },
    unpublish: {
      operationId: op('unpublish'),
      permission: publish,
      summary: `Takes a ${noun} down (its page answers 404)`,
      description: conflict,
      params: ArticleIdParam,
      body: VersionBody,
      data: schemas.record,
    },
    remove: {
      operationId: op('delete'),
      permission: write,
      summary: `Deletes a ${noun} that was never published`,
      description: 'One that was ever published is unpublished instead: 300104.',
      params: ArticleIdParam,
      querystring: LangVersionQuery,
      data: Type.Null(),
    },
    revisions: {
      operationId: op('revisions'),
      permission: read,
      summary: `The saves of a ${noun}, newest first, each with its author`,
      params: ArticleIdParam,
      querystring: LangOnlyQuery,
      data: Type.Array(Revision),
    },
    revision: {
      operationId: op('revision'),
      permission: read,
      summary: 'One revision with the record as it saved it, to compare with the current one',
      params: ArticleRevisionParams,
      querystring: LangOnlyQuery,
      data: RevisionDetail,
    },
    restore: {
      operationId: op('restore'),
      permission: write,
      summary: "Restores a revision's fields as a new save (the status stays)",
      description: conflict,
      params: ArticleRevisionParams,
      body: VersionBody,
      data: schemas.record,
    },
    preview: {
      operationId: op('preview'),
      permission: read,
      summary: `A signed, expiring link to the ${noun} as its public page will render it, draft or not`,
      params: ArticleIdParam,
      body: LangOnlyBody,
      data: PreviewLink,
    },
    uploadCover: {
      operationId: op('uploadCover'),
      permission: write,
      summary: `Uploads the ${noun}'s cover image (PNG, JPEG or WebP, up to 10 MB) as the raw request body`,
      description:
        'Its type is found from its bytes (300135 otherwise); it is stored under its SHA-256 as the carousel images are, and the ' +
        'public answers name it in filePath and fileName. ' +
        conflict,
      params: ArticleIdParam,
      querystring: FileQuery,
      data: schemas.record,
    },
    removeCover: {
      operationId: op('removeCover'),
      permission: write,
      summary: `Removes the ${noun}'s cover image (the public answers are again those of an article without one)`,
      description: conflict,
      params: ArticleIdParam,
      querystring: LangVersionQuery,
      data: schemas.record,
    },
  }
}

const BULLETIN_OPS = {
  list: 'listBulletins',
  get: 'getBulletin',
  create: 'createBulletin',
  update: 'updateBulletin',
  publish: 'publishBulletin',
  unpublish: 'unpublishBulletin',
  delete: 'deleteBulletin',
  revisions: 'listBulletinRevisions',
  revision: 'getBulletinRevision',
  restore: 'restoreBulletinRevision',
  preview: 'previewBulletin',
  uploadCover: 'uploadBulletinCover',
  removeCover: 'removeBulletinCover',
} as const

const NEWS_OPS = {
  list: 'listNews',
  get: 'getNews',
  create: 'createNews',
  update: 'updateNews',
  publish: 'publishNews',
  unpublish: 'unpublishNews',
  delete: 'deleteNews',
  revisions: 'listNewsRevisions',
  revision: 'getNewsRevision',
  restore: 'restoreNewsRevision',
  preview: 'previewNews',
  uploadCover: 'uploadNewsCover',
  removeCover: 'removeNewsCover',
} as const

export const staffBulletinRoutes = defineRoutes(CALLS.staffBulletins, ['Staff: bulletins'], {
  ...articleDocs((verb) => BULLETIN_OPS[verb as keyof typeof BULLETIN_OPS], 'bulletin', {
    create: CreateBulletinBody,
    update: UpdateBulletinBody,
    record: StaffBulletin,
  }),
  uploadFile: {
    operationId: 'uploadBulletinFile',
    permission: write,
    summary: "Uploads the file a bulletin's buyers download (PDF or Word, up to 500 MB) as the raw request body",
    description:
      'The body is streamed to the file store, never held whole; its type is found from its bytes (300111 when it is neither PDF nor Word) ' +
      `and its SHA-256 kept. Orders paid before keep the file they were delivered. ${conflict}`,
    params: ArticleIdParam,
    querystring: FileQuery,
    data: StoredFile,
  },
})

export const staffNewsRoutes = defineRoutes(
  CALLS.staffNews,
  ['Staff: news'],
  articleDocs((verb) => NEWS_OPS[verb as keyof typeof NEWS_OPS], 'news article', {
    create: CreateNewsBody,
    update: UpdateNewsBody,
    record: StaffNews,
  }),
)

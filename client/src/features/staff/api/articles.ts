import type {
  BulletinInput,
  ContentStatus,
  ListArticlesQuery,
  NewsInput,
  Page,
  Revision,
  StaffArticleListItem,
  StaffBulletin,
  StaffNews,
} from '@rpt/contract'
import { STAFF_CALLS } from '@rpt/contract/staff-calls'
import useSWR from 'swr'
import { staffCall, staffUpload, staffUrl, type UploadOptions } from '../../../lib/staff-api-client'
import type { StoredFile } from './reports'

// The staff bulletins and news calls (contract/src/routes/staff-articles.ts),
// through the BFF's /staff-api. Both kinds have the same calls on their own
// paths, so each function takes the kind.

export type ArticleKind = 'bulletins' | 'news'
/** The one language an article is written in (the contract's `edition` of an article). */
export type Language = 'zh-CN' | 'en-US'
export type ListArticlesInput = Omit<ListArticlesQuery, 'lang'>
export type ArticleSort = NonNullable<ListArticlesInput['sort']>
export type StaffArticle = StaffBulletin | StaffNews
export type ArticleInput = BulletinInput | NewsInput
export type { ContentStatus, Revision, StaffArticleListItem, StaffBulletin, StaffNews }

const CALLS_OF = { bulletins: STAFF_CALLS.staffBulletins, news: STAFF_CALLS.staffNews } as const
// One set of calls for both kinds: their paths differ only by the kind's segment, their answers by the record's fields.
const calls = (kind: ArticleKind) => CALLS_OF[kind] as typeof STAFF_CALLS.staffBulletins

export const listArticles = (kind: ArticleKind, input: ListArticlesInput) =>
  staffCall<typeof STAFF_CALLS.staffBulletins.list.path, Page<StaffArticleListItem>>(calls(kind).list, undefined, input, { silent: true })
export function useArticleList(kind: ArticleKind, input: ListArticlesInput) {
  return useSWR<Page<StaffArticleListItem>, Error>(['staff/articles', kind, JSON.stringify(input)], () => listArticles(kind, input), {
    keepPreviousData: true,
  })
}

export const getArticle = (kind: ArticleKind, id: string) =>
  staffCall<typeof STAFF_CALLS.staffBulletins.get.path, StaffArticle>(calls(kind).get, { id }, undefined, { silent: true })
export const articleKey = (kind: ArticleKind, id: string) => ['staff/article', kind, id] as const
export function useArticle(kind: ArticleKind, id: string | undefined) {
  return useSWR<StaffArticle, Error>(id ? articleKey(kind, id) : null, () => getArticle(kind, id as string), { revalidateOnFocus: false })
}

// The body is the kind's input (BulletinInput or NewsInput); the server validates it against the kind's schema.
export const createArticle = (kind: ArticleKind, language: Language, input: ArticleInput) =>
  staffCall<typeof STAFF_CALLS.staffBulletins.create.path, StaffArticle>(
    calls(kind).create,
    undefined,
    { edition: language, ...input },
    {
      silent: true,
    },
  )
export const updateArticle = (kind: ArticleKind, id: string, version: number, input: ArticleInput) =>
  staffCall<typeof STAFF_CALLS.staffBulletins.update.path, StaffArticle>(
    calls(kind).update,
    { id },
    { version, ...input },
    {
      silent: true,
    },
  )
export const publishArticle = (kind: ArticleKind, id: string, version: number, at?: string) =>
  staffCall<typeof STAFF_CALLS.staffBulletins.publish.path, StaffArticle>(calls(kind).publish, { id }, at ? { version, at } : { version }, {
    silent: true,
  })
export const unpublishArticle = (kind: ArticleKind, id: string, version: number) =>
  staffCall<typeof STAFF_CALLS.staffBulletins.unpublish.path, StaffArticle>(calls(kind).unpublish, { id }, { version }, { silent: true })
export const deleteArticle = (kind: ArticleKind, id: string, version: number) =>
  staffCall<typeof STAFF_CALLS.staffBulletins.remove.path, null>(calls(kind).remove, { id }, { version: String(version) }, { silent: true })

export const articleRevisionsKey = (kind: ArticleKind, id: string) => ['staff/article-revisions', kind, id] as const
export const listArticleRevisions = (kind: ArticleKind, id: string) =>
  staffCall<typeof STAFF_CALLS.staffBulletins.revisions.path, Revision[]>(calls(kind).revisions, { id }, undefined, { silent: true })
export const getArticleRevision = (kind: ArticleKind, id: string, revision: number) =>
  staffCall<typeof STAFF_CALLS.staffBulletins.revision.path, Revision & { snapshot: StaffArticle }>(
    calls(kind).revision,
    { id, revision: String(revision) },
    undefined,
    { silent: true },
  )
export const restoreArticleRevision = (kind: ArticleKind, id: string, revision: number, version: number) =>
  staffCall<typeof STAFF_CALLS.staffBulletins.restore.path, StaffArticle>(
    calls(kind).restore,
    { id, revision: String(revision) },
    { version },
    { silent: true },
  )

export function useArticleRevisions(kind: ArticleKind, id: string) {
  return useSWR<Revision[], Error>(articleRevisionsKey(kind, id), () => listArticleRevisions(kind, id))
}

/** previewBulletin / previewNews: a signed, expiring link to the article's page as it will render (always in its own language). */
export const previewArticle = (kind: ArticleKind, id: string) => staffCall(calls(kind).preview, { id }, {}, { silent: true })

/** uploadBulletinFile: what a bulletin's buyers download, as the raw body with progress; answers the stored file. */
export const uploadBulletinFile = (id: string, version: number, file: File, options: UploadOptions) =>
  staffUpload<StoredFile>(staffUrl(STAFF_CALLS.staffBulletins.uploadFile.path, { id }), { version, name: file.name }, file, options)

/** uploadBulletinCover / uploadNewsCover: the cover image as the raw body; answers the article at its new version. */
export const uploadArticleCover = (kind: ArticleKind, id: string, version: number, file: File) =>
  staffUpload<StaffArticle>(staffUrl(calls(kind).uploadCover.path, { id }), { version, name: file.name }, file)

/** removeBulletinCover / removeNewsCover */
export const removeArticleCover = (kind: ArticleKind, id: string, version: number) =>
  staffCall<typeof STAFF_CALLS.staffBulletins.removeCover.path, StaffArticle>(
    calls(kind).removeCover,
    { id },
    { version: String(version) },
    { silent: true },
  )

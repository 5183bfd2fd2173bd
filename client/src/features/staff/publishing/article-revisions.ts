import {
  articleKey,
  articleRevisionsKey,
  getArticleRevision,
  restoreArticleRevision,
  useArticle,
  useArticleRevisions,
  type ArticleKind,
} from '../api/articles'
import type { RevisionSource } from './revisions-view'

// The revisions screen (RevisionsView) on a bulletin's or a news item's calls.

const source = (kind: ArticleKind): RevisionSource => ({
  kind,
  write: 'articles.write',
  useRevisions: (id) => useArticleRevisions(kind, id),
  useCurrent: (id) => useArticle(kind, id),
  get: (id, revision) => getArticleRevision(kind, id, revision),
  restore: (id, revision, version) => restoreArticleRevision(kind, id, revision, version),
  currentKey: (id) => articleKey(kind, id),
  revisionsKey: (id) => articleRevisionsKey(kind, id),
  path: (id) => `/staff/${kind}/${id}`,
})

export const ARTICLE_REVISIONS: Record<ArticleKind, RevisionSource> = { bulletins: source('bulletins'), news: source('news') }

import { LangOnlyQuery } from '../fields.ts'
import {
  ContentChanges,
  ContentChangesQuery,
  ContentPreview,
  ContentRedirect,
  ContentRedirectQuery,
  ContentSeo,
  ContentSeoQuery,
  PreviewParams,
} from '../content.ts'
import { CALLS } from './calls.ts'
import { defineRoutes } from './define.ts'

// The BFFs' side of publishing: not the browser's.
export const contentRoutes = defineRoutes(CALLS.content, ['Content'], {
  changes: {
    summary: 'Cache tags of content changed after a change id, oldest first (at most 500)',
    description: 'Without after, only the newest id: a BFF that starts polls from now.',
    querystring: ContentChangesQuery,
    data: ContentChanges,
  },
  redirect: {
    summary: 'The current slug of a published report, bulletin or news article whose old slug was changed (300102 when there is none)',
    querystring: ContentRedirectQuery,
    data: ContentRedirect,
  },
  seo: {
    summary: "A published report's SEO title and description, for its page's head (300102 when there is no such report)",
    description:
      'Empty strings where the staff set none: the page then makes its head from the report. The legacy detail does not carry them.',
    querystring: ContentSeoQuery,
    data: ContentSeo,
  },
  preview: {
    summary: "A draft as its public page renders it, through a staff preview link's token (300107 when invalid or expired)",
    params: PreviewParams,
    querystring: LangOnlyQuery,
    data: ContentPreview,
  },
})

import { invalid } from '../errors.ts'

// What the lists and record forms of several resources read alike from their
// input, with the legacy spellings and the contract's defaults.

/** The page asked for: pageNo from 1 and pageSize 10 unless given. */
export function pageOf(input: { pageNo?: number; pageSize?: number }) {
  return { pageNo: input.pageNo ?? 1, pageSize: input.pageSize ?? 10 }
}

/** A list's page and keyword, the keyword under either legacy spelling (keyword, queryKeyword). */
export function searchOf(input: { pageNo?: number; pageSize?: number; keyword?: string; queryKeyword?: string }) {
  return { ...pageOf(input), keyword: input.keyword ?? input.queryKeyword }
}

/** A record asked for by id or webTitle (a slug may end in -{id}); one of them is required. */
export function recordRef({ id, webTitle }: { id?: string; webTitle?: string }) {
  if (!id && !webTitle) throw invalid('缺少参数：id 或 webTitle', 'Missing parameter: id or webTitle')
  return { id, webTitle }
}

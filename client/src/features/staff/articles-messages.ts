import type { Locale } from '../../lib/locale'

// The console's words for bulletins and news (issue 34), in both languages:
// a part of messages.ts kept apart for its length, compiled the same way
// (build/precompile-messages.ts). No imports but types.

const enUS = {
  'staff.nav.bulletins': 'Bulletins',
  'staff.nav.news': 'News',
  'staff.articles.bulletins.title': 'Bulletins',
  'staff.articles.news.title': 'News',
  'staff.articles.bulletins.new': 'New bulletin',
  'staff.articles.news.new': 'New news item',
  'staff.articles.bulletins.editTitle': 'Bulletin {id}',
  'staff.articles.news.editTitle': 'News item {id}',
  'staff.articles.bulletins.count': '{count, plural, one {# bulletin} other {# bulletins}}',
  'staff.articles.news.count': '{count, plural, one {# news item} other {# news items}}',
  'staff.articles.bulletins.unpublishText': 'It leaves the bulletin lists and its page answers 404. Buyers who paid keep their order.',
  'staff.articles.news.unpublishText': 'It leaves the news lists and its page answers 404.',
  'staff.articles.unpublishTitle': 'Unpublish this article?',
  'staff.articles.q': 'Title, slug or id',
  'staff.articles.edition': 'Language',
  'staff.articles.editionHint': 'Each article is written in one language; it cannot change once created.',
  'staff.articles.notFound': 'This article could not be loaded.',
  'staff.articles.caption': 'Articles, sortable by the columns with a button',
  'staff.articles.empty': 'No article matches these filters.',
  'staff.field.id': 'Id',
  'staff.field.subType': 'Sub-type',
  'staff.field.topLabel': 'Top label',
  'staff.field.marketType': 'Market type',
  'staff.field.newsCategory': 'News category',
  'staff.field.keyword': 'Keywords',
  'staff.field.keywordHint': 'Separated by commas.',
  'staff.field.outline': 'Summary (plain text)',
  'staff.field.price': 'Price ({currency})',
  'staff.field.choiceness': 'Featured (choice bulletins)',
  'staff.field.publishTime': 'Publish date and time',
  'staff.check.dateTime': 'Enter a date and time',
}

export type ArticleMessageId = keyof typeof enUS

const zhCN: Record<ArticleMessageId, string> = {
  'staff.nav.bulletins': '简报',
  'staff.nav.news': '资讯',
  'staff.articles.bulletins.title': '简报',
  'staff.articles.news.title': '资讯',
  'staff.articles.bulletins.new': '新建简报',
  'staff.articles.news.new': '新建资讯',
  'staff.articles.bulletins.editTitle': '简报 {id}',
  'staff.articles.news.editTitle': '资讯 {id}',
  'staff.articles.bulletins.count': '共 {count} 篇简报',
  'staff.articles.news.count': '共 {count} 篇资讯',
  'staff.articles.bulletins.unpublishText': '下线后将从简报列表中移除，页面返回 404。已付款的订单不受影响。',
  'staff.articles.news.unpublishText': '下线后将从资讯列表中移除，页面返回 404。',
  'staff.articles.unpublishTitle': '下线这篇文章？',
  'staff.articles.q': '标题、URL 名称或编号',
  'staff.articles.edition': '语言',
  'staff.articles.editionHint': '每篇文章只有一种语言，创建后不能更改。',
  'staff.articles.notFound': '无法加载这篇文章。',
  'staff.articles.caption': '文章列表，带按钮的列可排序',
  'staff.articles.empty': '没有符合筛选条件的文章。',
  'staff.field.id': '编号',
  'staff.field.subType': '子类型',
  'staff.field.topLabel': '顶部标签',
  'staff.field.marketType': '市场类型',
  'staff.field.newsCategory': '资讯分类',
  'staff.field.keyword': '关键词',
  'staff.field.keywordHint': '用逗号分隔。',
  'staff.field.outline': '摘要（纯文本）',
  'staff.field.price': '价格（{currency}）',
  'staff.field.choiceness': '精选（精选简报）',
  'staff.field.publishTime': '发布日期和时间',
  'staff.check.dateTime': '请输入日期和时间',
}

export const articleMessages: Record<Locale, Record<ArticleMessageId, string>> = { 'en-US': enUS, 'zh-CN': zhCN }

import type { StaffSignInMessageId } from './sign-in-en-US'

// The sign-in's words in Chinese, id for id with sign-in-en-US.ts. No imports
// but types: the build compiles this module alone (build/precompile-messages.ts).

export const signInZhCN: Record<StaffSignInMessageId, string> = {
  'staff.loading': '加载中…',
  'staff.signIn.title': '登录员工后台',
  'staff.signIn.lead': '请输入员工账号、密码，以及身份验证器当前显示的 6 位验证码。',
  'staff.signIn.name': '账号',
  'staff.signIn.password': '密码',
  'staff.signIn.code': '身份验证码',
  'staff.signIn.codeHint': '当前显示的 6 位数字；每 30 秒更新一次。',
  'staff.signIn.submit': '登录',
  'staff.signIn.pending': '正在登录…',
  'staff.signIn.nameRequired': '请输入账号',
  'staff.signIn.passwordRequired': '请输入密码',
  'staff.signIn.codeInvalid': '请输入身份验证器的 6 位数字',
  'staff.signIn.failed': '登录失败，请重试。',
  'staff.signIn.lockedHint': '请等待锁定结束，或联系管理员。',
  'staff.signIn.ended': '会话已结束，请重新登录后继续。',
  'staff.signIn.unreachable': '暂时无法连接服务器，请稍后重试。',
  'staff.signIn.footer': '账号由管理员创建（npm run staff -- add）。会话保存在安全 Cookie 中，不会保存在本页面。',
}

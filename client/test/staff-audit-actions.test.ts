import { describe, expect, it } from 'vitest'
import { ACTION_MESSAGE_IDS, actionLabel } from '../src/features/staff/audit/action-label'
import { staffMessages, type StaffMessageId } from '../src/features/staff/messages'
import type { StaffTranslate } from '../src/features/staff/kit/use-staff-t'

// The audit's actions read as words in the console's language; a code the
// console does not know shows as it is, never as a message id.

const translator =
  (locale: 'zh-CN' | 'en-US'): StaffTranslate =>
  (id: StaffMessageId) =>
    staffMessages[locale][id] ?? `missing:${id}`

describe('actionLabel', () => {
  it('names the record and the verb in each language', () => {
    expect(actionLabel(translator('zh-CN'), 'report.publish')).toBe('报告 · 发布')
    expect(actionLabel(translator('zh-CN'), 'staff.login.failed')).toBe('员工 · 登录失败')
    expect(actionLabel(translator('en-US'), 'customer.reset-mail')).toBe('Customer · reset mail sent')
    expect(actionLabel(translator('en-US'), 'session.start')).toBe('Session · signed in')
    expect(actionLabel(translator('zh-CN'), 'invoice.reverse')).toBe('发票 · 红冲')
    expect(actionLabel(translator('en-US'), 'transfer.statement.confirm')).toBe('Bank transfer · statement matches confirmed')
  })

  it('shows an unknown code as it is', () => {
    for (const code of ['coupon.issue', 'report.fly', 'nodot', '']) expect(actionLabel(translator('zh-CN'), code)).toBe(code)
  })

  it('has every word in both catalogues', () => {
    for (const id of ACTION_MESSAGE_IDS) {
      expect(staffMessages['zh-CN'][id as StaffMessageId], id).toBeTruthy()
      expect(staffMessages['en-US'][id as StaffMessageId], id).toBeTruthy()
    }
  })
})

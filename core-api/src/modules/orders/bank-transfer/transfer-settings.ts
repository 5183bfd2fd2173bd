import { BANK_SETTING_KEYS, DEFAULT_TRANSFER_DEADLINE_DAYS, type BankAccount } from '@rpt/contract'
import type { Lang } from '../../../platform/errors.ts'
import type { ConfigService } from '../../settings/index.ts'

// The publisher's account and the deadline, per edition (cn.bank.*, en.bank.*),
// as admins set them in the console's settings. No account, no bank transfer.

export interface TransferSettings {
  account: BankAccount
  deadlineDays: number
}

export async function transferSettings(configs: ConfigService, lang: Lang): Promise<TransferSettings | undefined> {
  const prefix = lang === 'en-US' ? 'en.' : 'cn.'
  const text = async (key: string) => ((await configs.text(prefix + key)) ?? '').trim()
  const [name, bank, number, swift] = await Promise.all([
    text(BANK_SETTING_KEYS.accountName),
    text(BANK_SETTING_KEYS.bank),
    text(BANK_SETTING_KEYS.number),
    text(BANK_SETTING_KEYS.swift),
  ])
  if (!name || !bank || !number) return undefined
  const days = await configs.number(prefix + BANK_SETTING_KEYS.deadlineDays)
  const deadlineDays = days !== undefined && Number.isInteger(days) && days >= 1 && days <= 60 ? days : DEFAULT_TRANSFER_DEADLINE_DAYS
  return { account: { name, bank, number, ...(swift && lang === 'en-US' ? { swift } : {}) }, deadlineDays }
}

import type { FastifyInstance } from 'fastify'

// Bank transfer helpers: the publisher's account as an admin would set it.

export const CN_ACCOUNT = { name: '北京恒智研究咨询有限公司', bank: '招商银行北京分行营业部', number: '1109 0123 4567 890' }
export const EN_ACCOUNT = {
  name: 'Hengzhi Research Co., Ltd.',
  bank: 'China Merchants Bank, Beijing Branch',
  number: '1109 0123 4567 891',
  swift: 'CMBCCNBS',
}

/** Fills in both editions' accounts (the migration leaves them empty), as the console's settings would. */
export async function setBankAccounts(app: FastifyInstance, deadlineDays = 7): Promise<void> {
  const values: Record<string, string> = {
    'cn.bank.account.name': CN_ACCOUNT.name,
    'cn.bank.account.bank': CN_ACCOUNT.bank,
    'cn.bank.account.no': CN_ACCOUNT.number,
    'cn.bank.deadlineDays.number': String(deadlineDays),
    'en.bank.account.name': EN_ACCOUNT.name,
    'en.bank.account.bank': EN_ACCOUNT.bank,
    'en.bank.account.no': EN_ACCOUNT.number,
    'en.bank.account.swift': EN_ACCOUNT.swift,
    'en.bank.deadlineDays.number': String(deadlineDays),
  }
  for (const [key, value] of Object.entries(values))
    await app.db.sequelize.query(`UPDATE sys_config SET config_value = $2 WHERE config_key = $1`, { bind: [key, value] })
  app.configs.clearCache()
}

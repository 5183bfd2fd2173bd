import type { InvoiceProvider, ProviderAnswer } from './types.ts'

// Manual: finance issues on the national platform (全国统一电子发票服务平台)
// and uploads the PDF, OFD or XML with its number (uploadInvoiceFile); a
// reversal waits for the red-letter file the same way.
export class ManualProvider implements InvoiceProvider {
  readonly name = 'manual'

  issue(): Promise<ProviderAnswer> {
    return Promise.resolve({ status: 'awaiting-upload' })
  }

  reverse(): Promise<ProviderAnswer> {
    return Promise.resolve({ status: 'awaiting-upload' })
  }
}

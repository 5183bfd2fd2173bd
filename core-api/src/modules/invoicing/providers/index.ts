import type { Config } from '../../../platform/config.ts'
import { ManualProvider } from './manual-provider.ts'
import { SandboxProvider } from './sandbox-provider.ts'
import type { InvoiceProvider } from './types.ts'

// The provider INVOICE_PROVIDER names (checked at boot, platform/config.ts).
// A real provider is one more case here and one more file beside these.
export function configuredProvider(config: Config): InvoiceProvider {
  switch (config.INVOICE_PROVIDER) {
    case 'sandbox':
      return new SandboxProvider({
        baseUrl: config.INVOICE_API_URL,
        appKey: config.INVOICE_APP_KEY,
        appSecret: config.INVOICE_APP_SECRET,
        timeoutMs: config.INVOICE_TIMEOUT_MS,
      })
    case 'manual':
      return new ManualProvider()
  }
}

export { ManualProvider } from './manual-provider.ts'
export { InvoiceProviderError, type InvoiceProvider, type ProviderAnswer } from './types.ts'

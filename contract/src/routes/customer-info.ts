import { CustomerInfoSaveBody, CustomerInfoSaveData } from '../customer-info.ts'
import { CALLS } from './calls.ts'
import { defineRoutes } from './define.ts'

export const customerInfoRoutes = defineRoutes(CALLS.customerInfo, ['Base data'], {
  save: {
    summary: "Stores a sample request (type '1') or a custom research request (type '2')",
    description:
      'The form rules are checked in order and the first failure is answered as 100001 with its message in the request language: ' +
      'company name, e-mail (required, then format), phone (required, then format), contact person, description, and version for a sample request in zh-CN. ' +
      'Text fields are stored as plain text. An unknown reportId answers 100005.',
    body: CustomerInfoSaveBody,
    data: CustomerInfoSaveData,
  },
})

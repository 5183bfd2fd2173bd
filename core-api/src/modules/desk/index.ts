// The sales desk: custom and sample requests (the public form and the staff inbox), customers, and the
// dashboard staff land on.
// Other modules import this file only.

export { default as staffCustomers } from './customers/customer-service.ts'
export { default as staffCustomerRoutes } from './customers/routes.ts'
export { default as staffDashboard } from './dashboard/dashboard-service.ts'
export { default as staffDashboardRoutes } from './dashboard/routes.ts'
export { default as customerInfoRoutes } from './requests/intake-routes.ts'
export { default as customerInfoService } from './requests/request-intake.ts'
export { default as staffRequests } from './requests/request-service.ts'
export { default as staffRequestRoutes } from './requests/routes.ts'

import type { CallAddress } from '../call-address.ts'

// A session's idle time is extended by any call, which a second call only extends again: getUserInfo is a read.
export const websiteUserCalls = {
  getValidCode: { method: 'GET', path: '/report/websiteUser/getValidCode', safety: 'write' },
  getWuValidCode: { method: 'POST', path: '/report/websiteUser/getWuValidCode', safety: 'write' },
  register: { method: 'POST', path: '/report/websiteUser/register', safety: 'write' },
  login: { method: 'POST', path: '/report/websiteUser/login', safety: 'write' },
  logout: { method: 'GET', path: '/report/websiteUser/logout', safety: 'write' },
  getUserInfo: { method: 'GET', path: '/report/websiteUser/getUserInfo', safety: 'read' },
  updateUser: { method: 'POST', path: '/report/websiteUser/updateUser', safety: 'write' },
  updatePwd: { method: 'POST', path: '/report/websiteUser/updatePwd', safety: 'write' },
  forgetPwd: { method: 'POST', path: '/report/websiteUser/forgetPwd', safety: 'write' },
  resetPwd: { method: 'POST', path: '/report/websiteUser/resetPwd', safety: 'write' },
} as const satisfies Record<string, CallAddress>

// Payment methods depend on the device (spec section 9): the h5 variants are
// for mobile browsers, and Alipay opens in the same window on iOS.
const ua = (): string => (typeof navigator === 'undefined' ? '' : navigator.userAgent)

export const isMobileDevice = (agent = ua()): boolean => /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i.test(agent)

export const isIOS = (agent = ua()): boolean => /iPhone|iPad|iPod/i.test(agent)

export type PayChoice = 'alipay' | 'wechat'

export function payMethodFor(choice: PayChoice, agent = ua()): 'zfb' | 'zfb_h5' | 'wx' | 'wx_h5' {
  const mobile = isMobileDevice(agent)
  if (choice === 'alipay') return mobile ? 'zfb_h5' : 'zfb'
  return mobile ? 'wx_h5' : 'wx'
}

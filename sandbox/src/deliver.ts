// How a gateway posts a notification to the notify URL a merchant gave it:
// over HTTP, as Alipay and WeChat Pay do. Tests may pass their own sender to
// see what was sent and to answer as a merchant would.

export interface Notification {
  headers: Record<string, string>
  body: string
}

export type NotificationSender = (notifyUrl: string, notification: Notification) => Promise<{ status: number; body: string }>

export const postNotification: NotificationSender = async (notifyUrl, notification) => {
  const response = await fetch(notifyUrl, {
    method: 'POST',
    headers: notification.headers,
    body: notification.body,
    signal: AbortSignal.timeout(10_000),
  })
  return { status: response.status, body: await response.text() }
}

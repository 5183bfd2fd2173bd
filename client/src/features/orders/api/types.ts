export type OrderStatus = '0' | '1' | '2' | '3'

export interface Order {
  id: string
  orderNo: string
  /** 'brief' (bulletin) or 'research' (report) */
  kind: 'brief' | 'research'
  title: string
  productId: string
  createDate: string
  payMethod: string | null
  status: OrderStatus
  payPrice: number
  currency: string
  edition: string | null
  licence: string | null
  email: string | null
  expireDate: string
  paidDate: string | null
  hasFile: boolean
}

export interface DownloadItem extends Order {
  fileName: string
  downloads: number
}

export interface Page<T> {
  list: T[]
  count: number
  pageNo: number
  pageSize: number
}

export interface PayAnswer {
  payMethod: string
  orderPayUrl: string
  id: string
  orderNo: string
}

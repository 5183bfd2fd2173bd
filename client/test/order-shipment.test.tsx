import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { OrderShipment } from '../src/features/orders/components/order-shipment'
import { renderAt } from './render'

// The paper copy on the buyer's order page, as getOrderDocuments answers it.
const shipment = {
  status: 'shipped' as const,
  recipient: '张三',
  phone: '13812345678',
  address: '北京市海淀区中关村大街 1 号',
  carrier: '顺丰速运',
  trackingNo: 'SF1234567890',
  shippedAt: '2026-12-02T02:00:00.000Z',
  deliveredAt: null,
}

describe('the order’s paper copy', () => {
  it('shows its state, address, carrier and tracking number', () => {
    renderAt(<OrderShipment shipment={shipment} />)
    expect(screen.getByRole('heading', { name: /纸质版 · 已发货/ })).toBeInTheDocument()
    expect(screen.getByText('张三 13812345678, 北京市海淀区中关村大街 1 号')).toBeInTheDocument()
    expect(screen.getByText('SF1234567890')).toBeInTheDocument()
    expect(screen.getByText('顺丰速运')).toBeInTheDocument()
    expect(screen.getByText('2026/12/02 10:00')).toBeInTheDocument()
    expect(screen.queryByText('签收时间')).toBeNull()
  })

  it('says a copy not yet shipped is being prepared, in English too', () => {
    renderAt(<OrderShipment shipment={{ ...shipment, status: 'pending', carrier: null, trackingNo: null, shippedAt: null }} />, '/en')
    expect(screen.getByRole('heading', { name: /Paper copy · Being prepared/ })).toBeInTheDocument()
    expect(screen.queryByText('Tracking number')).toBeNull()
  })

  it('shows nothing for an order without one', () => {
    const { container } = renderAt(<OrderShipment shipment={null} />)
    expect(container).toBeEmptyDOMElement()
  })
})

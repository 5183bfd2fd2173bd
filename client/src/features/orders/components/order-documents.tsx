import type { OrderDocuments as Documents } from '@rpt/contract'
import { SkeletonList } from '../../../components/skeleton'
import { LoadError } from '../../../components/state-message'
import { useLocale } from '../../../lib/use-locale'
import { useOrderDocuments } from '../api/order-documents'
import { InvoiceSection } from './invoice-section'
import { OrderShipment } from './order-shipment'
import { OrderTransfer } from './order-transfer'

// The documents panel of the buyer's order page: one section per document
// (getOrderDocuments): the bank transfer to make (or made), the paper copy's
// journey, the invoice. A document the order does not have is left out.

export interface DocumentSectionProps {
  orderNo: string
  paid: boolean
  documents: Documents
  onChanged: () => void
}

export function OrderDocuments({ orderNo, paid }: { orderNo: string; paid: boolean }) {
  const locale = useLocale()
  const documents = useOrderDocuments(locale, orderNo, true)
  if (documents.error) return <LoadError onRetry={() => void documents.mutate()} />
  if (!documents.data) return <SkeletonList rows={2} />
  const props: DocumentSectionProps = { orderNo, paid, documents: documents.data, onChanged: () => void documents.mutate() }
  return (
    <div className="order-documents">
      {props.documents.proforma && (
        <div className="document-section">
          <OrderTransfer proforma={props.documents.proforma} heading="h2" />
        </div>
      )}
      {props.documents.shipment && (
        <div className="document-section">
          <OrderShipment shipment={props.documents.shipment} heading="h2" />
        </div>
      )}
      <InvoiceSection orderNo={props.orderNo} paid={props.paid} invoice={props.documents.invoice} onChanged={props.onChanged} />
    </div>
  )
}

import type { OrderDocuments as Documents } from '@rpt/contract'
import { SkeletonList } from '../../../components/skeleton'
import { LoadError } from '../../../components/state-message'
import { useLocale } from '../../../lib/use-locale'
import { useOrderDocuments } from '../api/order-documents'
import { InvoiceSection } from './invoice-section'

// The documents panel of the buyer's order page: one section per document
// (getOrderDocuments), each its pillar's. The invoice is here; the shipment
// of a paper copy and a bank transfer's proforma drop in beside it as their
// sections, each given the same documents and a refresh.

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
      <InvoiceSection orderNo={props.orderNo} paid={props.paid} invoice={props.documents.invoice} onChanged={props.onChanged} />
    </div>
  )
}

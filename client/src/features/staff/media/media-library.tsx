import { useImages, type MediaImage } from '../api/media'
import { showToast } from '../../../lib/toast'
import { formatBytes, formatDateTime } from '../kit/format'
import { text, useAddressList, type ListSpec } from '../kit/list-address'
import { buttonColumn } from '../kit/data-table'
import { ListFrame } from '../kit/list-frame'
import { useStaff } from '../kit/staff-context'
import { useStaffT } from '../kit/use-staff-t'

// The media library as a section: every image uploaded for rich text or the
// carousel, newest first (the server orders it), found by name; its address
// is copied to paste wherever an image is linked.

const MEDIA: ListSpec<never, { q: string }> = {
  words: 'staff.media',
  sorts: [],
  filters: { q: text(100) },
  bar: { label: 'staff.media.filters', fields: [{ key: 'q', kind: 'search', label: 'staff.media.q' }] },
}

/** The image's address as pages link it: the site's own origin, so it pastes anywhere. */
const addressOf = (image: MediaImage) => new URL(image.url, window.location.origin).href

/** listImages: the images uploaded, with a thumbnail, size and type, who uploaded each and when. */
export function MediaLibrary() {
  const t = useStaffT()
  const { locale } = useStaff()
  const list = useAddressList(MEDIA, '/staff/media')
  const result = useImages(list.state)

  const copy = async (image: MediaImage) => {
    const url = addressOf(image)
    try {
      await navigator.clipboard.writeText(url)
      showToast(t('staff.media.copied', { url }), 'success')
    } catch {
      // No clipboard (an insecure origin, a refused permission): the address is shown to copy by hand.
      showToast(t('staff.media.copyFailed', { url }), 'error', 10_000)
    }
  }

  return (
    <ListFrame
      list={list}
      result={result}
      rowKey={(image) => image.sha256}
      columns={[
        {
          label: t('staff.media.image'),
          cell: (image) => <img className="staff-thumb" src={image.url} alt="" loading="lazy" width={96} height={72} />,
        },
        {
          label: t('staff.media.name'),
          className: 'staff-clip',
          cell: (image) => (
            <a href={image.url} target="_blank" rel="noreferrer">
              {image.name}
            </a>
          ),
        },
        { label: t('staff.media.size'), className: 'staff-num', cell: (image) => formatBytes(image.size) },
        { label: t('staff.media.type'), className: 'staff-mono', cell: (image) => image.type },
        {
          label: t('staff.media.uploaded'),
          className: 'staff-num',
          cell: (image) => (
            <>
              {formatDateTime(image.uploadedAt, locale)}
              <span className="muted"> · {image.uploadedBy}</span>
            </>
          ),
        },
        buttonColumn<MediaImage>(
          t('staff.media.copy'),
          (image) => t('staff.media.copyOf', { name: image.name }),
          (image) => void copy(image),
        ),
      ]}
    />
  )
}

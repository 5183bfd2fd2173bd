import Image from '@tiptap/extension-image'
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table'
import { EditorContent, useEditor, type Editor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { useContext, useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useSWRConfig } from 'swr'
import { Modal } from '../../../components/modal'
import { showToast } from '../../../lib/toast'
import { wordListsToHtml } from '../../../lib/word-lists'
import { uploadImage, useImages, type MediaImage } from '../api/media'
import { formatBytes } from './format'
import { ReadOnlyContext } from './form-fields'
import { failureText } from './staff-context'
import { useStaffT } from './use-staff-t'

// TipTap (ProseMirror): pasted Word and web tables and lists keep their
// structure (the table and list nodes parse them; Word's lists, which are
// paragraphs on the clipboard, are made lists first); whatever the schema does
// not know is dropped on paste, and the server sanitizes on save anyway.

interface Props {
  label: string
  value: string
  onChange: (html: string) => void
}

/** An image's alt text from its file name: the name without its extension. */
const altOf = (name: string) => name.replace(/\.[^.]+$/, '')

/** The dialog's page of thumbnails: a few rows, so it opens fast. */
const LIBRARY_PAGE = 12

/**
 * The media library as a dialog (focus kept inside, Esc closes, named by its
 * title): the images already uploaded, newest first, found by name and paged;
 * choosing one hands it over, so nobody uploads the same image again.
 */
export function MediaLibraryDialog({ onChoose, onClose }: { onChoose: (image: MediaImage) => void; onClose: () => void }) {
  const t = useStaffT()
  const searchId = useId()
  const [q, setQ] = useState('')
  const [typed, setTyped] = useState('')
  const [pageNo, setPageNo] = useState(1)
  const { data, error, isLoading } = useImages({ pageNo, pageSize: LIBRARY_PAGE, ...(q ? { q } : {}) })
  const pages = data ? Math.max(1, Math.ceil(data.count / LIBRARY_PAGE)) : 1
  const search = (event: FormEvent) => {
    event.preventDefault()
    // The dialog is a portal of the editor's form, which React would otherwise submit too.
    event.stopPropagation()
    setQ(typed.trim())
    setPageNo(1)
  }
  return (
    <Modal title={t('staff.media.title')} onClose={onClose} size="large">
      <form className="staff-media-search" role="search" aria-label={t('staff.media.filters')} onSubmit={search}>
        <label htmlFor={searchId} className="field-label">
          {t('staff.media.q')}
        </label>
        <input
          id={searchId}
          className="input"
          type="search"
          maxLength={100}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          data-autofocus
        />
        <button type="submit" className="button button-secondary">
          {t('staff.media.search')}
        </button>
      </form>
      <p className="staff-count" aria-live="polite">
        {data ? t('staff.media.count', { count: data.count }) : isLoading ? t('staff.loading') : ''}
      </p>
      {error && !data ? (
        <p role="alert" className="staff-error">
          {t('staff.media.failed')}
        </p>
      ) : data && data.list.length === 0 ? (
        <p className="staff-empty">{t('staff.media.empty')}</p>
      ) : (
        <ul className="staff-media-grid" aria-busy={isLoading || undefined}>
          {data?.list.map((image) => (
            <li key={image.sha256}>
              <button
                type="button"
                className="staff-media-choice"
                onClick={() => onChoose(image)}
                aria-label={t('staff.media.insert', { name: image.name })}
              >
                <img src={image.url} alt="" loading="lazy" width={120} height={90} />
                <span className="staff-media-name">{image.name}</span>
                <span className="muted">{formatBytes(image.size)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {data && pages > 1 && (
        <nav className="button-row" aria-label={t('staff.media.pages')}>
          <button type="button" className="button button-secondary" disabled={pageNo <= 1} onClick={() => setPageNo(pageNo - 1)}>
            {t('staff.media.previous')}
          </button>
          <span>{t('staff.media.page', { page: pageNo, pages })}</span>
          <button type="button" className="button button-secondary" disabled={pageNo >= pages} onClick={() => setPageNo(pageNo + 1)}>
            {t('staff.media.next')}
          </button>
        </nav>
      )}
    </Modal>
  )
}

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const t = useStaffT()
  const fileRef = useRef<HTMLInputElement>(null)
  const [library, setLibrary] = useState(false)
  const { mutate } = useSWRConfig()
  const button = (name: string, text: string, run: () => void, active = false) => (
    <button key={name} type="button" className={`staff-tool${active ? ' is-active' : ''}`} aria-pressed={active} onClick={run}>
      {text}
    </button>
  )
  const chain = () => editor.chain().focus()
  const addLink = () => {
    const url = window.prompt(t('staff.rich.linkPrompt'), editor.getAttributes('link').href as string | undefined)
    if (url === null) return
    if (!url) chain().unsetLink().run()
    else if (/^(https?:|mailto:|\/)/i.test(url)) chain().setLink({ href: url }).run()
  }
  const addImage = async (file: File | undefined) => {
    if (!file) return
    try {
      const { url } = await uploadImage(file)
      chain()
        .setImage({ src: url, alt: altOf(file.name) })
        .run()
      // The library lists it from now on.
      void mutate((key) => Array.isArray(key) && key[0] === 'staff/media')
    } catch (error) {
      showToast(failureText(error, t('staff.rich.imageFailed')), 'error')
    }
  }
  return (
    <div className="staff-toolbar" role="toolbar" aria-label={t('staff.rich.toolbar', { field: label })}>
      {button('bold', t('staff.rich.bold'), () => chain().toggleBold().run(), editor.isActive('bold'))}
      {button('italic', t('staff.rich.italic'), () => chain().toggleItalic().run(), editor.isActive('italic'))}
      {button('h2', t('staff.rich.heading'), () => chain().toggleHeading({ level: 2 }).run(), editor.isActive('heading', { level: 2 }))}
      {button('h3', t('staff.rich.subheading'), () => chain().toggleHeading({ level: 3 }).run(), editor.isActive('heading', { level: 3 }))}
      {button('ul', t('staff.rich.bullets'), () => chain().toggleBulletList().run(), editor.isActive('bulletList'))}
      {button('ol', t('staff.rich.numbers'), () => chain().toggleOrderedList().run(), editor.isActive('orderedList'))}
      {button('link', t('staff.rich.link'), addLink, editor.isActive('link'))}
      {button('table', t('staff.rich.table'), () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run())}
      {editor.isActive('table') && button('row', t('staff.rich.addRow'), () => chain().addRowAfter().run())}
      {editor.isActive('table') && button('col', t('staff.rich.addColumn'), () => chain().addColumnAfter().run())}
      {editor.isActive('table') && button('deltable', t('staff.rich.deleteTable'), () => chain().deleteTable().run())}
      {button('image', t('staff.rich.image'), () => fileRef.current?.click())}
      {button('library', t('staff.rich.library'), () => setLibrary(true))}
      {library && (
        <MediaLibraryDialog
          onClose={() => setLibrary(false)}
          onChoose={(image) => {
            setLibrary(false)
            chain()
              .setImage({ src: image.url, alt: altOf(image.name) })
              .run()
          }}
        />
      )}
      <input
        ref={fileRef}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        hidden
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          void addImage(e.target.files?.[0])
          e.target.value = ''
        }}
      />
    </div>
  )
}

export function RichText({ label, value, onChange }: Props) {
  const labelId = useId()
  // A role that may only read sees the text, without the toolbar or a caret.
  const readOnly = useContext(ReadOnlyContext)
  const editor = useEditor({
    editable: !readOnly,
    extensions: [
      StarterKit.configure({ link: { openOnClick: false, autolink: true } }),
      Table.configure({ resizable: false }),
      TableRow,
      TableHeader,
      TableCell,
      Image,
    ],
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        class: 'staff-rich-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(readOnly ? { 'aria-readonly': 'true' } : {}),
      },
      // Word's list paragraphs become lists before the schema reads the paste.
      transformPastedHTML: wordListsToHtml,
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  })
  // A reload (after a conflict, a restore) replaces the text; typing does not come back through here.
  useEffect(() => {
    if (editor && !editor.isFocused && value !== (editor.isEmpty ? '' : editor.getHTML()))
      editor.commands.setContent(value, { emitUpdate: false })
  }, [editor, value])
  return (
    <div className="field staff-rich">
      <span id={labelId} className="field-label">
        {label}
      </span>
      {editor && !readOnly && <Toolbar editor={editor} label={label} />}
      <EditorContent editor={editor} />
    </div>
  )
}

import Image from '@tiptap/extension-image'
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table'
import { EditorContent, useEditor, type Editor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { useContext, useEffect, useId, useRef } from 'react'
import { showToast } from '../../../lib/toast'
import { uploadImage } from '../api/media'
import { ReadOnlyContext } from './form-fields'
import { failureText } from './staff-context'
import { useStaffT } from './use-staff-t'

// TipTap (ProseMirror): pasted Word and web tables and lists keep their
// structure (the table and list nodes parse them); whatever the schema does
// not know is dropped on paste, and the server sanitizes on save anyway.

interface Props {
  label: string
  value: string
  onChange: (html: string) => void
}

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const t = useStaffT()
  const fileRef = useRef<HTMLInputElement>(null)
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
        .setImage({ src: url, alt: file.name.replace(/\.[^.]+$/, '') })
        .run()
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

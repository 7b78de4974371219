import Image from '@tiptap/extension-image';
import { TextSelection } from '@tiptap/pm/state';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { PROSE_CLASS } from '../content/Prose';
import { EditorToolbar } from './EditorToolbar';
import { ImageAltDialog } from './ImageAltDialog';
import { LinkDialog } from './LinkDialog';
import { IMAGE_TYPES, uploadImage } from './upload-image';

export interface BodyEditorProps {
  value: string;
  onChange: (html: string) => void;
  /** `admin.uploads.store`. */
  uploadUrl: string;
  labelId: string;
  /** The error and hint ids, read out with the text box. */
  describedBy: string | undefined;
  invalid: boolean;
  placeholder: string;
}

/**
 * An empty document is an empty body, not `<p></p>`; the empty paragraph the editor keeps at the
 * end (room to type after an image) is not saved either.
 */
const htmlOf = (editor: { isEmpty: boolean; getHTML: () => string }) =>
  editor.isEmpty ? '' : editor.getHTML().replace(/(<p><\/p>)+$/, '');

/** The text box's own attributes: right to left, named by the field's label, with its error. */
function editableAttributes(labelId: string, describedBy: string | undefined, invalid: boolean) {
  return {
    dir: 'rtl',
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
    // The first block starts near the top, whatever its own margin on the page.
    class: `${PROSE_CLASS} min-h-72 px-4 py-2 focus:outline-none [&>*:first-child]:mt-2`,
  };
}

/** The text box's props: its attributes, and Ctrl+K for the link dialog (a ref: always the latest). */
function editorProps(attributes: Record<string, string>, openLink: RefObject<() => void>) {
  return {
    attributes,
    handleKeyDown: (_view: unknown, event: KeyboardEvent) => {
      if (!((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k')) return false;
      event.preventDefault();
      openLink.current();
      return true;
    },
  };
}

/**
 * The rich-text body of articles and static pages (TipTap): right to left, with the tags the
 * server's sanitiser keeps (headings 2 and 3, bold, italic, lists, quote, links, images); what
 * it writes is the same HTML field the form always sent. Loaded only by admin pages, lazily
 * (BodyField), so no public page downloads ProseMirror.
 */
export default function BodyEditor({
  value,
  onChange,
  uploadUrl,
  labelId,
  describedBy,
  invalid,
  placeholder,
}: BodyEditorProps) {
  const [source, setSource] = useState(false);
  const [linking, setLinking] = useState<{ href: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  /** An uploaded image waiting for its description before it goes into the text. */
  const [placing, setPlacing] = useState<{ url: string; width?: number; height?: number } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // What the editor last sent: a `value` that differs came from outside (a revision put back).
  const sent = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // Ctrl+K opens the same dialog as the button.
  const openLinkRef = useRef(() => {});
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        // Links keep only their address: the server adds rel and target to other sites' links.
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          HTMLAttributes: { rel: null, target: null },
        },
      }),
      // Uploaded (same-site) or https images only, as the sanitiser keeps; no pasted data: URLs.
      Image.configure({ allowBase64: false }),
    ],
    content: value,
    editorProps: editorProps(editableAttributes(labelId, describedBy, invalid), openLinkRef),
    onUpdate: ({ editor: e }) => {
      sent.current = htmlOf(e);
      onChangeRef.current(sent.current);
    },
  });

  // The error and hint change after a save is refused: the text box says so too.
  useEffect(() => {
    if (!editor.isDestroyed)
      editor.setOptions({
        editorProps: editorProps(editableAttributes(labelId, describedBy, invalid), openLinkRef),
      });
  }, [editor, describedBy, invalid, labelId]);

  useEffect(() => {
    if (value !== sent.current && !source) {
      sent.current = value;
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value, source]);

  const empty = useEditorState({ editor, selector: ({ editor: e }) => e.isEmpty });

  const openLink = () => {
    const href = (editor.getAttributes('link').href as string | undefined) ?? '';
    setLinking({ href });
  };
  openLinkRef.current = openLink;

  const insertImage = async (file: File) => {
    setUploading(true);
    setUploadError(null);
    try {
      const result = await uploadImage(uploadUrl, file);
      if (!result.ok) {
        setUploadError(result.message);
        return;
      }
      // What the picture shows is asked before it goes in (ImageAltDialog).
      setPlacing({ url: result.url, width: result.width, height: result.height });
    } finally {
      setUploading(false);
    }
  };

  const toggleSource = () => {
    // Back from the source: the typed HTML becomes the document (what the schema cannot hold is
    // dropped here, and the server sanitises whatever is saved).
    if (source) editor.commands.setContent(value, { emitUpdate: true });
    setSource((on) => !on);
  };

  return (
    <div
      className={`mt-1.5 overflow-hidden rounded-lg border bg-white shadow-xs focus-within:border-brand-600 ${
        invalid ? 'border-red-500' : 'border-gray-300'
      }`}
    >
      <EditorToolbar
        editor={editor}
        source={source}
        uploading={uploading}
        onLink={openLink}
        onImage={() => fileInput.current?.click()}
        onSource={toggleSource}
      />
      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="body-image-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void insertImage(file);
        }}
      />
      <div aria-live="polite">
        {uploadError && (
          <p role="alert" className="border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-700">
            {uploadError}
          </p>
        )}
      </div>
      {source ? (
        <textarea
          aria-label="کد HTML متن"
          dir="ltr"
          spellCheck={false}
          value={value}
          onChange={(event) => {
            sent.current = event.target.value;
            onChange(event.target.value);
          }}
          className="block min-h-72 w-full resize-y border-0 bg-gray-50 p-3 font-mono text-sm leading-6 text-gray-900 focus:outline-none"
        />
      ) : (
        <div className="relative">
          {empty && (
            <p aria-hidden="true" className="pointer-events-none absolute inset-x-4 top-4 text-gray-400">
              {placeholder}
            </p>
          )}
          <EditorContent editor={editor} />
        </div>
      )}
      {placing && (
        <ImageAltDialog
          onClose={() => {
            setPlacing(null);
            editor.commands.focus();
          }}
          onInsert={(alt) => {
            editor
              .chain()
              .focus()
              .setImage({
                src: placing.url,
                alt,
                ...(placing.width ? { width: placing.width, height: placing.height } : {}),
              })
              .run();
            setPlacing(null);
          }}
        />
      )}
      {linking && (
        <LinkDialog
          initial={linking.href}
          onClose={() => {
            setLinking(null);
            editor.commands.focus();
          }}
          onRemove={
            linking.href
              ? () => {
                  editor.chain().focus().extendMarkRange('link').unsetLink().run();
                  setLinking(null);
                }
              : null
          }
          onSave={(href) => {
            const chain = editor.chain().focus().extendMarkRange('link');
            // With nothing selected the address itself becomes the link's text.
            if (editor.state.selection.empty && !editor.isActive('link'))
              chain
                .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
                .run();
            // The cursor lands after the link: the next key types on rather than replacing it.
            else
              chain
                .setLink({ href })
                .command(({ tr }) => {
                  tr.setSelection(TextSelection.near(tr.doc.resolve(tr.selection.to)));
                  return true;
                })
                .run();
            setLinking(null);
          }}
        />
      )}
    </div>
  );
}

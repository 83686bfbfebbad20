// The update's text editor: TipTap (ProseMirror) limited to what the server keeps, with a
// toolbar. Loaded on its own (React.lazy) when an update is opened for writing, so the admin's
// list and every player page stay without it.
import { Image } from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { useEffect, useState } from 'react';
import { isAllowedHref, isAllowedImageSrc } from '../lib/link-href';
import { EditorToolbar } from './editor-toolbar';
import { LinkForm } from './link-form';
import './rich-text-editor.css';

/**
 * Only what docs/api.md 'Sanitising' keeps: no h1 (the page's title), no rule; images only from
 * https:// or this site's media (without the image node, editing an update dropped its images).
 */
const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    horizontalRule: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      isAllowedUri: (url) => isAllowedHref(url),
      HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' },
    },
  }),
  Image.extend({
    parseHTML() {
      return [
        {
          tag: 'img[src]',
          getAttrs: (img) => (isAllowedImageSrc(img.getAttribute('src') ?? '') ? null : false),
        },
      ];
    },
  }).configure({ allowBase64: false }),
];

export interface RichTextEditorProps {
  /** The HTML to start from (a saved update's content, or empty). */
  initialHtml: string;
  /** Every change: the HTML, '' when the text is empty. */
  onChange: (html: string) => void;
  /** The visible label's id (the editable area is named by it). */
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
}

/** The editable area is a text box named by the form's label, with its hint and error. */
function editableAttributes({
  labelledBy,
  describedBy,
  invalid,
}: Pick<RichTextEditorProps, 'labelledBy' | 'describedBy' | 'invalid'>): Record<string, string> {
  return {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelledBy,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
    class: 'rich-editor__content',
    'data-testid': 'update-editor',
  };
}

export default function RichTextEditor({
  initialHtml,
  onChange,
  labelledBy,
  describedBy,
  invalid,
}: RichTextEditorProps) {
  const [editingLink, setEditingLink] = useState(false);
  const editor = useEditor({
    extensions,
    content: initialHtml,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes: editableAttributes({ labelledBy, describedBy, invalid }) },
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? '' : changed.getHTML()),
  });
  // The error wiring follows the form's (a refusal after saving marks the text invalid).
  useEffect(() => {
    editor.setOptions({
      editorProps: { attributes: editableAttributes({ labelledBy, describedBy, invalid }) },
    });
  }, [editor, labelledBy, describedBy, invalid]);
  const linkHref = useEditorState({
    editor,
    selector: ({ editor: current }: { editor: Editor }) =>
      (current.getAttributes('link').href as string | undefined) ?? '',
  });

  return (
    <div className="rich-editor" data-invalid={invalid || undefined}>
      <EditorToolbar editor={editor} editLink={() => setEditingLink(true)} />
      {editingLink && (
        <LinkForm
          initial={linkHref}
          onApply={(href) => {
            editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
            setEditingLink(false);
          }}
          onRemove={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            setEditingLink(false);
          }}
          onCancel={() => {
            setEditingLink(false);
            editor.commands.focus();
          }}
        />
      )}
      <EditorContent editor={editor} />
    </div>
  );
}

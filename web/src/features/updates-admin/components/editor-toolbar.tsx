import { useEditorState, type Editor } from '@tiptap/react';
import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { LineIcon } from '@/components/ui/line-icon';

interface Tool {
  label: string;
  /** Shown on the button (short, or a symbol); `label` names it. */
  face: ReactNode;
  shortcut?: string;
  /** Toggles show whether they apply where the cursor is. */
  isActive?: (editor: Editor) => boolean;
  isDisabled?: (editor: Editor) => boolean;
  run: (editor: Editor, actions: { editLink: () => void }) => void;
}

const chain = (editor: Editor) => editor.chain().focus();

function LinkIcon() {
  return (
    <LineIcon
      join={false}
      d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1"
    />
  );
}

function ListIcon({ numbered }: { numbered: boolean }) {
  return (
    <LineIcon join={false} d="M9 6h11M9 12h11M9 18h11">
      {numbered ? (
        <path
          d="M3.6 4.6l1-.8v4.4M3.4 10.8a1.1 1.1 0 0 1 2.1.4c0 .9-2.1 2-2.1 2.8h2.2M3.4 16.3h2l-1.1 1.4a1.1 1.1 0 1 1-.9 1.9"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ) : (
        <g fill="currentColor">
          <circle cx="4.5" cy="6" r="1.6" />
          <circle cx="4.5" cy="12" r="1.6" />
          <circle cx="4.5" cy="18" r="1.6" />
        </g>
      )}
    </LineIcon>
  );
}

/** The toolbar's groups, in order: inline marks, blocks, lists and link, history. */
const GROUPS: Tool[][] = [
  [
    {
      label: 'Bold',
      face: <b>B</b>,
      shortcut: 'Ctrl+B',
      isActive: (e) => e.isActive('bold'),
      run: (e) => chain(e).toggleBold().run(),
    },
    {
      label: 'Italic',
      face: <i>I</i>,
      shortcut: 'Ctrl+I',
      isActive: (e) => e.isActive('italic'),
      run: (e) => chain(e).toggleItalic().run(),
    },
    {
      label: 'Underline',
      face: <u>U</u>,
      shortcut: 'Ctrl+U',
      isActive: (e) => e.isActive('underline'),
      run: (e) => chain(e).toggleUnderline().run(),
    },
    {
      label: 'Strikethrough',
      face: <s>S</s>,
      isActive: (e) => e.isActive('strike'),
      run: (e) => chain(e).toggleStrike().run(),
    },
    {
      label: 'Code',
      face: <code>{'<>'}</code>,
      isActive: (e) => e.isActive('code'),
      run: (e) => chain(e).toggleCode().run(),
    },
  ],
  [
    {
      label: 'H2 heading',
      face: 'H2',
      isActive: (e) => e.isActive('heading', { level: 2 }),
      run: (e) => chain(e).toggleHeading({ level: 2 }).run(),
    },
    {
      label: 'H3 subheading',
      face: 'H3',
      isActive: (e) => e.isActive('heading', { level: 3 }),
      run: (e) => chain(e).toggleHeading({ level: 3 }).run(),
    },
    {
      label: 'Quote',
      face: '❝',
      isActive: (e) => e.isActive('blockquote'),
      run: (e) => chain(e).toggleBlockquote().run(),
    },
  ],
  [
    {
      label: 'Bulleted list',
      face: <ListIcon numbered={false} />,
      isActive: (e) => e.isActive('bulletList'),
      run: (e) => chain(e).toggleBulletList().run(),
    },
    {
      label: 'Numbered list',
      face: <ListIcon numbered />,
      isActive: (e) => e.isActive('orderedList'),
      run: (e) => chain(e).toggleOrderedList().run(),
    },
    {
      label: 'Link',
      face: <LinkIcon />,
      isActive: (e) => e.isActive('link'),
      run: (_e, { editLink }) => editLink(),
    },
  ],
  [
    {
      label: 'Undo',
      face: '↶',
      shortcut: 'Ctrl+Z',
      isDisabled: (e) => !e.can().undo(),
      run: (e) => chain(e).undo().run(),
    },
    {
      label: 'Redo',
      face: '↷',
      shortcut: 'Ctrl+Shift+Z',
      isDisabled: (e) => !e.can().redo(),
      run: (e) => chain(e).redo().run(),
    },
  ],
];

const TOOLS = GROUPS.flat();

/** Formatting buttons; toggles say whether they apply where the cursor is (aria-pressed). */
export function EditorToolbar({ editor, editLink }: { editor: Editor; editLink: () => void }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }: { editor: Editor }) =>
      TOOLS.map((tool) => ({
        active: tool.isActive?.(current) ?? false,
        disabled: tool.isDisabled?.(current) ?? false,
      })),
    equalityFn: (a, b) =>
      b !== null && a.every((s, i) => s.active === b[i]?.active && s.disabled === b[i]?.disabled),
  });

  return (
    <div className="rich-editor__toolbar" role="group" aria-label="Formatting">
      {GROUPS.map((group, g) => (
        <div key={g} className="rich-editor__group">
          {group.map((tool) => {
            const { active, disabled } = state[TOOLS.indexOf(tool)]!;
            return (
              <button
                key={tool.label}
                type="button"
                className={cn('rich-editor__tool', active && 'rich-editor__tool--on')}
                aria-label={tool.label}
                aria-pressed={tool.isActive ? active : undefined}
                title={tool.shortcut ? `${tool.label} (${tool.shortcut})` : tool.label}
                disabled={disabled}
                // Keeps the editor's selection: a click would otherwise move focus first.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => tool.run(editor, { editLink })}
              >
                <span aria-hidden="true">{tool.face}</span>
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}

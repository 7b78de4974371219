import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import {
  Bold,
  Code2,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  type LucideIcon,
  Quote,
  Redo2,
  Undo2,
} from 'lucide-react';
import type { KeyboardEvent, ReactNode } from 'react';

interface Tool {
  label: string;
  icon: LucideIcon;
  /** Keyboard shortcut shown in the tooltip. */
  keys?: string;
  active?: boolean;
  disabled?: boolean;
  run: () => void;
  /** Undo and redo point the way the text runs: drawn for left to right, mirrored here. */
  mirrored?: boolean;
}

/** Arrow keys move between the buttons (the toolbar pattern); right is «back» in Persian. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const keys: Record<string, number> = { ArrowLeft: 1, ArrowRight: -1, Home: -Infinity, End: Infinity };
  const step = keys[event.key];
  if (step === undefined) return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  event.preventDefault();
  const next = Number.isFinite(step) ? (at + step + buttons.length) % buttons.length : step < 0 ? 0 : -1;
  buttons.at(next)?.focus();
}

/**
 * The body editor's toolbar: headings, bold, italic, lists, quote, link, image, undo and redo, and
 * the HTML source. Each button says what it does (aria-label and tooltip) and whether it is on.
 */
export function EditorToolbar({
  editor,
  source,
  uploading,
  onLink,
  onImage,
  onSource,
}: {
  editor: Editor;
  source: boolean;
  uploading: boolean;
  onLink: () => void;
  onImage: () => void;
  onSource: () => void;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const groups: Tool[][] = [
    [
      {
        label: 'عنوان بخش',
        icon: Heading2,
        active: state.h2,
        run: () => chain().toggleHeading({ level: 2 }).run(),
      },
      {
        label: 'زیرعنوان',
        icon: Heading3,
        active: state.h3,
        run: () => chain().toggleHeading({ level: 3 }).run(),
      },
    ],
    [
      {
        label: 'پررنگ',
        icon: Bold,
        keys: 'Ctrl+B',
        active: state.bold,
        run: () => chain().toggleBold().run(),
      },
      {
        label: 'کج',
        icon: Italic,
        keys: 'Ctrl+I',
        active: state.italic,
        run: () => chain().toggleItalic().run(),
      },
    ],
    [
      {
        label: 'فهرست نقطه‌ای',
        icon: List,
        active: state.bullet,
        run: () => chain().toggleBulletList().run(),
      },
      {
        label: 'فهرست شماره‌دار',
        icon: ListOrdered,
        active: state.ordered,
        run: () => chain().toggleOrderedList().run(),
      },
      { label: 'نقل قول', icon: Quote, active: state.quote, run: () => chain().toggleBlockquote().run() },
    ],
    [
      { label: 'پیوند', icon: Link2, keys: 'Ctrl+K', active: state.link, run: onLink },
      {
        label: uploading ? 'در حال بارگذاری تصویر' : 'افزودن تصویر',
        icon: ImagePlus,
        disabled: uploading,
        run: onImage,
      },
    ],
    [
      {
        label: 'واگرد',
        icon: Undo2,
        keys: 'Ctrl+Z',
        disabled: !state.undo,
        run: () => chain().undo().run(),
        mirrored: true,
      },
      {
        label: 'ازنو',
        icon: Redo2,
        keys: 'Ctrl+Shift+Z',
        disabled: !state.redo,
        run: () => chain().redo().run(),
        mirrored: true,
      },
    ],
  ];
  return (
    <div
      role="toolbar"
      aria-label="قالب‌بندی متن"
      onKeyDown={moveFocus}
      className="flex flex-wrap items-center gap-x-1 gap-y-1 border-b border-gray-200 bg-gray-50 p-1.5"
    >
      {groups.map((group) => (
        <Group key={group[0]!.label}>
          {group.map((tool) => (
            <ToolButton key={tool.label} tool={{ ...tool, disabled: tool.disabled || source }} />
          ))}
        </Group>
      ))}
      <span className="ms-auto" />
      <button
        type="button"
        aria-pressed={source}
        onClick={onSource}
        title="دیدن و ویرایش کد HTML متن"
        className="inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-gray-700 hover:bg-gray-200 aria-pressed:bg-brand-100 aria-pressed:text-brand-800"
      >
        <Code2 aria-hidden="true" className="size-4" />
        {source ? 'ویرایشگر' : 'کد HTML'}
      </button>
    </div>
  );
}

function Group({ children }: { children: ReactNode }) {
  return (
    <span className="flex items-center gap-0.5 border-e border-gray-200 pe-1 last-of-type:border-e-0">
      {children}
    </span>
  );
}

function ToolButton({ tool }: { tool: Tool }) {
  const Icon = tool.icon;
  return (
    <button
      type="button"
      aria-label={tool.label}
      aria-pressed={tool.active === undefined ? undefined : tool.active}
      title={tool.keys ? `${tool.label} (${tool.keys})` : tool.label}
      disabled={tool.disabled}
      // Keeps the selection in the text while the button is pressed.
      onMouseDown={(event) => event.preventDefault()}
      onClick={tool.run}
      className="grid size-9 place-items-center rounded-lg text-gray-700 hover:bg-gray-200 disabled:opacity-30 disabled:hover:bg-transparent aria-pressed:bg-brand-100 aria-pressed:text-brand-800"
    >
      <Icon aria-hidden="true" className={`size-4 ${tool.mirrored ? 'rtl:-scale-x-100' : ''}`} />
    </button>
  );
}

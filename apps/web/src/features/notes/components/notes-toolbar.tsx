/**
 * The notes editor's formatting toolbar: Heading, Bullet list, Checklist, Bold, Italic and Link as
 * toggle buttons. One tab stop; the arrow keys, Home and End move along it (the ARIA toolbar
 * pattern), so Tab goes from the toolbar straight to the notes.
 */
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { Bold, Heading, Italic, Link, List, ListChecks, type LucideIcon } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/utils';

interface Tool {
  name: string;
  icon: LucideIcon;
  /** The mark or node that is active where the cursor is. */
  active: string | [string, Record<string, unknown>];
  run?: (editor: Editor) => void;
}

const TOOLS: Tool[] = [
  {
    name: 'Heading',
    icon: Heading,
    active: ['heading', { level: 2 }],
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    name: 'Bullet list',
    icon: List,
    active: 'bulletList',
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    name: 'Checklist',
    icon: ListChecks,
    active: 'taskList',
    run: (e) => e.chain().focus().toggleTaskList().run(),
  },
  { name: 'Bold', icon: Bold, active: 'bold', run: (e) => e.chain().focus().toggleBold().run() },
  {
    name: 'Italic',
    icon: Italic,
    active: 'italic',
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  { name: 'Link', icon: Link, active: 'link' },
];

function isActive(editor: Editor, active: Tool['active']): boolean {
  return typeof active === 'string' ? editor.isActive(active) : editor.isActive(...active);
}

/**
 * A typed address as a link target: with a scheme kept when it is http(s) or mailto, 'https://'
 * added when it has none; null for other schemes (javascript: and the like are never linked).
 */
export function linkHref(typed: string): string | null {
  const text = typed.trim();
  if (!text) return null;
  if (/^(https?:\/\/|mailto:)/i.test(text)) return text;
  if (/^[a-z][a-z\d+.-]*:/i.test(text) && !/^[^:]+:\d/.test(text)) return null;
  return `https://${text}`;
}

/** The toolbar above the notes; `editor` is the TipTap editor it formats. */
export function NotesToolbar({ editor }: { editor: Editor }) {
  const pressed = useEditorState({
    editor,
    selector: ({ editor: e }) => TOOLS.map((tool) => isActive(e, tool.active)),
  });
  const [focusIndex, setFocusIndex] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const move = (event: KeyboardEvent) => {
    const last = TOOLS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? focusIndex === last
          ? 0
          : focusIndex + 1
        : event.key === 'ArrowLeft'
          ? focusIndex === 0
            ? last
            : focusIndex - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setFocusIndex(next);
    buttons.current[next]?.focus();
  };

  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-orientation="horizontal"
      className="flex flex-wrap items-center gap-0.5 border-b px-1.5 py-1"
      onKeyDown={move}
    >
      {TOOLS.map((tool, i) => {
        const common = {
          ref: (el: HTMLButtonElement | null) => void (buttons.current[i] = el),
          tabIndex: i === focusIndex ? 0 : -1,
          onFocus: () => setFocusIndex(i),
          'aria-pressed': pressed[i] ?? false,
          'aria-label': tool.name,
          title: tool.name,
          variant: 'ghost' as const,
          size: 'icon-sm' as const,
          className: cn('text-muted-foreground', pressed[i] && 'bg-accent text-accent-foreground'),
        };
        const icon = <tool.icon aria-hidden="true" />;
        if (tool.run) {
          const run = tool.run;
          return (
            <Button key={tool.name} {...common} onClick={() => run(editor)}>
              {icon}
            </Button>
          );
        }
        return <LinkTool key={tool.name} editor={editor} button={common} icon={icon} />;
      })}
    </div>
  );
}

function LinkTool({
  editor,
  button,
  icon,
}: {
  editor: Editor;
  button: Omit<React.ComponentProps<typeof Button>, 'children'> & {
    ref: (el: HTMLButtonElement | null) => void;
  };
  icon: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);

  const apply = () => {
    const typed = address.trim();
    const chain = editor.chain().focus().extendMarkRange('link');
    if (!typed) {
      chain.unsetLink().run();
      setOpen(false);
      return;
    }
    const href = linkHref(typed);
    if (!href) return setError('Use a web address (https://…) or an email (mailto:…).');
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({
        type: 'text',
        text: typed,
        marks: [{ type: 'link', attrs: { href } }],
      });
      chain.run();
    } else {
      chain.setLink({ href }).run();
    }
    setOpen(false);
  };

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setAddress((editor.getAttributes('link').href as string | undefined) ?? '');
          setError(null);
        }
        setOpen(next);
      }}
    >
      <PopoverTrigger asChild>
        <Button {...button}>{icon}</Button>
      </PopoverTrigger>
      <PopoverContent>
        <LinkForm address={address} error={error} onChange={setAddress} onApply={apply} />
      </PopoverContent>
    </Popover>
  );
}

function LinkForm({
  address,
  error,
  onChange,
  onApply,
}: {
  address: string;
  error: string | null;
  onChange: (address: string) => void;
  onApply: () => void;
}) {
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onApply();
      }}
    >
      <label className="text-sm font-medium" htmlFor="my-notes-link">
        Link address
      </label>
      <Input
        id="my-notes-link"
        value={address}
        placeholder="https://"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'my-notes-link-error' : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {error && (
        <p id="my-notes-link-error" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button type="submit" size="sm">
          {address.trim() ? 'Apply' : 'Remove link'}
        </Button>
      </div>
    </form>
  );
}

import type { LucideIcon } from 'lucide-react'
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react'

const ITEMS = 'button:not(:disabled), select'

/**
 * A rich-text toolbar as the WAI-ARIA toolbar pattern has it: one tab stop, the arrow keys (and
 * Home, End) move between its controls, and the last one used keeps the tab stop.
 */
export function Toolbar({ label, controls, children }: { label: string; controls: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  const tabStop = useRef<HTMLElement | null>(null)
  const items = () => Array.from(ref.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])
  const keepOneTabStop = () => {
    const all = items()
    if (!tabStop.current || !all.includes(tabStop.current)) tabStop.current = all[0] ?? null
    all.forEach((item) => (item.tabIndex = item === tabStop.current ? 0 : -1))
  }

  // After every render: a control may have turned disabled (Undo) or appeared.
  useEffect(keepOneTabStop)

  const onKeyDown = (event: KeyboardEvent) => {
    const all = items()
    const at = all.indexOf(event.target as HTMLElement)
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: all.length - 1 }[event.key]
    if (at < 0 || next === undefined) return
    event.preventDefault()
    all[(next + all.length) % all.length].focus()
  }

  return (
    <div
      ref={ref}
      role="toolbar"
      aria-label={label}
      aria-controls={controls}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        if (!(event.target as HTMLElement).matches(ITEMS)) return
        tabStop.current = event.target as HTMLElement
        keepOneTabStop()
      }}
      className="flex flex-wrap items-center gap-1 border-b border-line bg-surface p-1.5"
    >
      {children}
    </div>
  )
}

type ToolbarButtonProps = {
  label: string
  icon: LucideIcon
  onClick: () => void
  /** For a toggle (bold, a list): whether it is on at the cursor. */
  pressed?: boolean
  disabled?: boolean
}

export const toolbarControl =
  'inline-flex size-9 items-center justify-center rounded-sm text-ink hover:bg-brand-50 hover:text-brand-700 disabled:cursor-not-allowed disabled:text-muted/50 disabled:hover:bg-transparent aria-pressed:bg-brand-700 aria-pressed:text-white'

/** One toolbar button; the mouse does not take the focus from the text, so the selection stays. */
export function ToolbarButton({ label, icon: Icon, onClick, pressed, disabled }: ToolbarButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={toolbarControl}
    >
      <Icon aria-hidden="true" className="size-4.5" />
    </button>
  )
}

/** A thin line between groups of toolbar buttons. */
export function ToolbarDivider() {
  return <span aria-hidden="true" className="mx-1 h-6 w-px bg-line" />
}

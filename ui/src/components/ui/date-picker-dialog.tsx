import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react'
import { X } from 'lucide-react'
import type { CSSProperties } from 'react'
import { DayPicker } from 'react-day-picker'
import 'react-day-picker/style.css'
import { enAU } from 'react-day-picker/locale'

type DatePickerDialogProps = {
  open: boolean
  title: string
  description?: string
  selected: Date | null
  /** The first and last day that may be picked. */
  from: Date
  to: Date
  /** The month shown when nothing is selected yet. */
  initialMonth: Date
  onSelect: (date: Date) => void
  onClose: () => void
}

// The calendar in the site's colours; weekday names at full strength for contrast.
const THEME = {
  '--rdp-accent-color': 'var(--color-brand-700)',
  '--rdp-accent-background-color': 'var(--color-brand-50)',
  '--rdp-today-color': 'var(--color-brand-800)',
  '--rdp-weekday-opacity': '1',
  '--rdp-day-height': '40px',
  '--rdp-day-width': '40px',
  '--rdp-day_button-height': '38px',
  '--rdp-day_button-width': '38px',
} as CSSProperties

/**
 * A calendar in an overlay (react-day-picker inside a Headless UI dialog). Month and year are
 * drop-downs, so a date decades back is three choices away; the days are a grid the arrow keys
 * move through, Enter picks a day, Escape closes. Loaded lazily: only forms with a date use it.
 */
export default function DatePickerDialog({
  open,
  title,
  description,
  selected,
  from,
  to,
  initialMonth,
  onSelect,
  onClose,
}: DatePickerDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-brand-950/60 transition-opacity duration-200 data-closed:opacity-0" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-end justify-center p-4 sm:items-center">
          <DialogPanel
            transition
            className="relative w-full max-w-sm rounded-lg bg-white p-5 shadow-xl transition duration-200 ease-out data-closed:translate-y-4 data-closed:opacity-0 sm:p-6"
          >
            <button
              type="button"
              onClick={onClose}
              className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-md text-muted hover:bg-brand-50 hover:text-brand-950"
            >
              <X aria-hidden="true" className="size-5" />
              <span className="sr-only">Close</span>
            </button>
            <DialogTitle className="pr-12 text-xl font-bold text-brand-950">{title}</DialogTitle>
            {description && <Description className="mt-1 text-sm text-muted">{description}</Description>}
            <div className="mt-4 flex justify-center">
              <DayPicker
                style={THEME}
                mode="single"
                locale={enAU}
                captionLayout="dropdown"
                autoFocus
                selected={selected ?? undefined}
                defaultMonth={selected ?? initialMonth}
                startMonth={from}
                endMonth={to}
                disabled={[{ before: from }, { after: to }]}
                onSelect={(date) => date && onSelect(date)}
              />
            </div>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  )
}

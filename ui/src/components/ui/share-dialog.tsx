import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react'
import { Check, Copy, Mail, X } from 'lucide-react'
import { useId, useState } from 'react'
import { primaryButton, secondaryButton } from '@/components/ui/button-styles'

type ShareDialogProps = { open: boolean; onClose: () => void; url: string; title: string }

const fieldClass =
  'block w-full min-w-0 rounded-md border border-line bg-white px-3 py-2.5 text-base text-ink shadow-xs focus:border-brand-600'

/**
 * Share: the page's link with a copy button, and an email address whose button opens the
 * visitor's mail program with the link (the server sends nothing).
 */
export function ShareDialog({ open, onClose, url, title }: ShareDialogProps) {
  const id = useId()
  const [copied, setCopied] = useState(false)
  const [email, setEmail] = useState('')

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      setCopied(true)
      setTimeout(() => setCopied(false), 3000)
    } catch (error) {
      // No clipboard access (an old browser, a denied permission): the link stays selectable.
      console.error('Could not copy the link', error)
      document.getElementById(`${id}-link`)?.focus()
    }
  }

  const mailto = `mailto:${encodeURIComponent(email.trim())}?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(
    `Have a look at these reviews on CourseSource: ${url}`,
  )}`

  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center">
      <DialogBackdrop transition className="fixed inset-0 bg-brand-950/60 transition-opacity duration-200 data-closed:opacity-0" />
      <DialogPanel
        transition
        className="relative w-full max-w-lg rounded-lg bg-white p-6 shadow-xl transition duration-200 ease-out data-closed:translate-y-4 data-closed:opacity-0 sm:p-8"
      >
        <button
          type="button"
          onClick={onClose}
          className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-md text-muted hover:bg-brand-50 hover:text-brand-950"
        >
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">Close</span>
        </button>
        <DialogTitle className="pr-10 text-2xl font-bold tracking-tight text-brand-950">Share</DialogTitle>
        <Description className="mt-2 text-muted">Send these reviews to a friend or a colleague.</Description>

        <label htmlFor={`${id}-link`} className="mt-6 block text-sm font-semibold text-brand-950">
          Page link
        </label>
        <div className="mt-1.5 flex gap-2">
          <input id={`${id}-link`} readOnly value={url} onFocus={(e) => e.target.select()} className={fieldClass} />
          <button type="button" onClick={copy} className={`${secondaryButton} shrink-0 px-4`}>
            {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
            {copied ? 'Copied' : 'Copy'}
          </button>
        </div>
        <p aria-live="polite" className="sr-only">
          {copied ? 'Link copied' : ''}
        </p>

        <label htmlFor={`${id}-email`} className="mt-6 block text-sm font-semibold text-brand-950">
          Email address
        </label>
        <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="friend@example.com"
            className={fieldClass}
          />
          <a href={mailto} className={`${primaryButton} shrink-0 px-4`}>
            <Mail aria-hidden="true" className="size-4" />
            Email link
          </a>
        </div>
      </DialogPanel>
    </Dialog>
  )
}

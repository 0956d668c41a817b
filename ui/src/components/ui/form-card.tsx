import type { ReactNode } from 'react'
import { primaryButton, secondaryButton } from '@/components/ui/button-styles'

/** A form of the profile page (its own, or the claim to represent a provider), drawn as a card with its heading. */
export function FormCard({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-line bg-white p-5 shadow-xs sm:p-6">
      <h3 id={id} className="text-lg font-semibold text-brand-950">
        {title}
      </h3>
      {description && <p className="mt-1 text-sm text-muted">{description}</p>}
      <div className="mt-5">{children}</div>
    </section>
  )
}

type FormActionsProps = {
  /** Save and Cancel show only once something differs from what is saved (spec: Profile forms). */
  shown: boolean
  saveLabel: string
  saving: boolean
  disabled: boolean
  onCancel: () => void
}

export function FormActions({ shown, saveLabel, saving, disabled, onCancel }: FormActionsProps) {
  if (!shown) return null
  return (
    <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
      <button type="button" className={secondaryButton} onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className={primaryButton} disabled={disabled || saving}>
        {saving ? 'Saving…' : saveLabel}
      </button>
    </div>
  )
}

// Attribute and class helpers for form controls; the components that draw fields are in form-field.tsx.

/** The ids a field's label, hint and error hang off, so controls and messages stay linked. */
export function fieldIds(id: string) {
  // The label's own id names controls a <label for> cannot (a rich-text editor's contenteditable).
  return { label: `${id}-label`, hint: `${id}-hint`, error: `${id}-error` }
}

/**
 * The accessibility attributes of a control: invalid while it shows an error, and described by
 * its hint and error text (the error first, so a screen reader reads it straight after the label).
 */
export function controlA11y(id: string, { error, hint }: { error?: string; hint?: boolean }) {
  const ids = fieldIds(id)
  const describedBy = [error ? ids.error : null, hint ? ids.hint : null].filter(Boolean).join(' ')
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const
}

/** Text inputs, text areas and selects share one look; the red border joins the error text. */
export function controlClass(invalid: boolean) {
  const base =
    'block w-full rounded-md border bg-white px-3.5 py-2.5 text-base text-ink shadow-xs placeholder:text-muted focus-visible:outline-offset-0'
  return invalid ? `${base} border-danger-700` : `${base} border-muted/70 hover:border-muted`
}

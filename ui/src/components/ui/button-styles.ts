// Class names for the account and profile pages' buttons and links, so they look alike everywhere.
// No colour transitions: an accessibility scan during a fade would measure the blend.

const base =
  'inline-flex items-center justify-center gap-2 rounded-md px-5 py-2.5 font-semibold disabled:cursor-not-allowed'

/** The main action of a form or dialog. */
export const primaryButton = `${base} bg-brand-700 text-white shadow-sm hover:bg-brand-800 disabled:bg-line disabled:text-muted disabled:shadow-none disabled:hover:bg-line`

/** A second action beside the main one (Cancel, Back). */
export const secondaryButton = `${base} border border-brand-600 bg-white text-brand-700 hover:bg-brand-50 disabled:opacity-60`

/** A destructive action (delete the account). */
export const dangerButton = `${base} bg-danger-700 text-white shadow-sm hover:bg-danger-700/90 disabled:bg-danger-700/50`

/** An inline text link inside running text or under a form. */
export const textLink = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800'

/** A button drawn as a text link (Close, Remove). */
export const linkButton = `${textLink} rounded-sm disabled:cursor-not-allowed disabled:opacity-60`

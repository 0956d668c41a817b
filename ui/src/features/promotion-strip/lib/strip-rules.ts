import { visibleText } from '@/lib/html-text'
import { textLengthError } from '@/lib/text-rules'
import { isValidButtonLink } from '@/lib/url-rules'
import type { StripContent } from '../api/promotion-strip-schema'

/** The limits of spec 001 section 9. */
export const MESSAGE_MAX = 50
export const LABEL_MAX = 25

export type StripErrors = Partial<Record<'stripMessageHtml' | 'buttonLabel' | 'buttonLink', string>>

/**
 * The strip form's rules in the server's words (docs/admin-api.md): nothing is checked while
 * the strip is off, and the button's fields only while the button is on.
 */
export function stripErrors(form: StripContent): StripErrors {
  if (!form.displayPromotionStrip) return {}
  const errors: StripErrors = { stripMessageHtml: textLengthError('Description', visibleText(form.stripMessageHtml), MESSAGE_MAX) }
  if (form.displayCTAButton) {
    errors.buttonLabel = textLengthError('Button Label', form.buttonLabel, LABEL_MAX)
    const link = form.buttonLink.trim()
    errors.buttonLink = link === '' ? 'Button Link is required' : isValidButtonLink(link) ? undefined : 'Button Link URL is invalid'
  }
  return errors
}

export const hasErrors = (errors: StripErrors) => Object.values(errors).some(Boolean)

import type { ChangeHandler, UseFormRegisterReturn } from 'react-hook-form'
import * as z from 'zod/mini'
import { normaliseEmail } from './account-rules'

type Errors = Record<string, string | undefined>

/**
 * A form's zod schema from its field types and one function that answers the first broken rule
 * of each field, so that every rule and message lives in plain, testable code.
 */
export function schemaWithErrors<Shape extends z.core.$ZodShape>(
  shape: Shape,
  errors: (values: z.infer<z.ZodMiniObject<Shape>>) => Errors,
) {
  return z.object(shape).check(
    z.superRefine((values, ctx) => {
      for (const [field, message] of Object.entries(errors(values))) {
        if (message) ctx.addIssue({ code: 'custom', path: [field], message, input: (values as Record<string, unknown>)[field] })
      }
    }),
  )
}

/** An email input's registration that trims and lower-cases the address as it is typed. */
export function normalisedEmail(field: UseFormRegisterReturn): UseFormRegisterReturn {
  const onChange: ChangeHandler = (event) => {
    const input = event.target as HTMLInputElement
    const normalised = normaliseEmail(input.value)
    // Only when it changes: rewriting the same value would move the caret to the end.
    if (normalised !== input.value) input.value = normalised
    return field.onChange(event)
  }
  return { ...field, onChange }
}

import * as z from 'zod/mini'
import { newPasswordError, passwordConfirmError } from '@/lib/account-rules'
import { schemaWithErrors } from '@/lib/form-helpers'

export type NewPasswordValues = { password: string; passwordConfirm: string }

/** A new password and its confirmation, with the spec's messages. */
export const newPasswordSchema = schemaWithErrors({ password: z.string(), passwordConfirm: z.string() }, (form) => ({
  password: newPasswordError(form.password),
  passwordConfirm: passwordConfirmError(form.password, form.passwordConfirm),
}))

/** The messages /login/{id} shows (spec: Login). */
export const LOGIN_MESSAGES: Record<string, { tone: 'success' | 'error'; text: string }> = {
  'verify-success': { tone: 'success', text: 'Account verified successfully' },
  'verify-invalid': { tone: 'error', text: 'Invalid or expired account verification link' },
  'reset-success': { tone: 'success', text: 'Password reset successful' },
  'reset-invalid': { tone: 'error', text: 'Invalid or expired password reset link' },
}

/** What an invalid login form shows (spec section 5). */
export const LOGIN_DETAILS_MISSING = 'Please enter your login details'

/** The server's refusal of an unverified account, and what the page says instead (spec section 8). */
export const ACCOUNT_UNACTIVATED = 'Account unactivated'
export const ACCOUNT_UNACTIVATED_SHOWN = 'Account unactivated. Please verify your email.'

import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { LogIn } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate, useSearchParams } from 'react-router'
import * as z from 'zod/mini'
import { primaryButton, textLink } from '@/components/ui/button-styles'
import { controlClass } from '@/components/ui/form-field-props'
import { Notice } from '@/components/ui/notice'
import { userinfoQueryKey } from '@/lib/auth/get-userinfo'
import { emailError, EMAIL_MAX } from '@/lib/account-rules'
import { ApiError } from '@/lib/api-client'
import { normalisedEmail, schemaWithErrors } from '@/lib/form-helpers'
import { useLogin, type LoginBody } from '../api/login'
import { loginTarget } from './login-target'
import { ACCOUNT_UNACTIVATED, ACCOUNT_UNACTIVATED_SHOWN, LOGIN_DETAILS_MISSING } from './login-messages'

// At login the password is only required (spec section 5); the email must look like one.
const loginSchema = schemaWithErrors(
  { email: z.string(), password: z.string(), keepLoggedIn: z.boolean() },
  (form) => ({
    email: emailError(form.email) ? LOGIN_DETAILS_MISSING : undefined,
    password: form.password === '' ? LOGIN_DETAILS_MISSING : undefined,
  }),
)

type Problem = { kind: 'invalid' } | { kind: 'unactivated' } | { kind: 'refused'; messages: string[] }

const PROBLEM_ID = 'login-problem'

/**
 * Email, password and 'Keep me logged in'. The server sets an HttpOnly session cookie; then the
 * userinfo query is refreshed and the user goes to the redirect parameter, the remembered
 * previous page or home. Any edit clears the form's error.
 */
export function LoginForm() {
  const login = useLogin()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [search] = useSearchParams()
  const [problem, setProblem] = useState<Problem | null>(null)
  const problemRef = useRef<HTMLDivElement>(null)
  const {
    register,
    handleSubmit,
    subscribe,
    formState: { errors },
  } = useForm<LoginBody>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '', keepLoggedIn: false },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  })

  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ type }) => {
          if (type === 'change') setProblem(null)
        },
      }),
    [subscribe],
  )

  useEffect(() => {
    if (problem) problemRef.current?.focus()
  }, [problem])

  const onValid = async (values: LoginBody) => {
    if (login.isPending) return
    setProblem(null)
    try {
      await login.mutateAsync(values)
    } catch (error) {
      if (error instanceof ApiError && error.status === 403 && error.messages[0]?.msg === ACCOUNT_UNACTIVATED) {
        setProblem({ kind: 'unactivated' })
      } else {
        const messages = error instanceof ApiError ? error.messages.map((m) => m.msg) : ['Something went wrong. Please try again.']
        setProblem({ kind: 'refused', messages })
      }
      return
    }
    // Forget who was logged out, so every page waits for the new answer instead of acting on
    // the old one, then go: the target page shows its skeleton until userinfo has answered.
    void queryClient.resetQueries({ queryKey: userinfoQueryKey })
    navigate(loginTarget(search), { replace: true })
  }

  const invalid = problem?.kind === 'invalid'
  const describedBy = problem ? PROBLEM_ID : undefined
  return (
    <form noValidate aria-label="Login" onSubmit={handleSubmit(onValid, () => setProblem({ kind: 'invalid' }))} className="space-y-5">
      {problem && (
        <Notice tone="error" id={PROBLEM_ID} ref={problemRef}>
          {problem.kind === 'invalid' && LOGIN_DETAILS_MISSING}
          {problem.kind === 'unactivated' && (
            <>
              <p>{ACCOUNT_UNACTIVATED_SHOWN}</p>
              <p className="mt-1">
                <Link to="/verify-account" className={textLink}>
                  Send verification link
                </Link>
              </p>
            </>
          )}
          {problem.kind === 'refused' &&
            (problem.messages.length === 1 ? (
              problem.messages[0]
            ) : (
              <ul className="space-y-1">
                {problem.messages.map((message, i) => (
                  <li key={i}>{message}</li>
                ))}
              </ul>
            ))}
        </Notice>
      )}

      <div>
        <label htmlFor="login-email" className="mb-1.5 block font-medium text-ink">
          Email
        </label>
        <input
          id="login-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={EMAIL_MAX}
          aria-invalid={invalid && errors.email ? true : undefined}
          aria-describedby={describedBy}
          className={controlClass(invalid && !!errors.email)}
          {...normalisedEmail(register('email'))}
        />
      </div>
      <div>
        <label htmlFor="login-password" className="mb-1.5 block font-medium text-ink">
          Password
        </label>
        <input
          id="login-password"
          type="password"
          autoComplete="current-password"
          aria-invalid={invalid && errors.password ? true : undefined}
          aria-describedby={describedBy}
          className={controlClass(invalid && !!errors.password)}
          {...register('password')}
        />
        {/* After the field, so Tab goes from the email to the password (issue 27). */}
        <p className="mt-1.5 text-right text-sm">
          <Link to="/forgot-password" className={textLink}>
            Forgot password?
          </Link>
        </p>
      </div>
      <label className="flex items-center gap-3">
        <input type="checkbox" className="size-5 accent-brand-700" {...register('keepLoggedIn')} />
        <span>Keep me logged in</span>
      </label>

      <button type="submit" className={`${primaryButton} w-full`} disabled={login.isPending}>
        <LogIn aria-hidden="true" className="size-5" />
        {login.isPending ? 'Logging in…' : 'Login'}
      </button>

      <div className="space-y-2 border-t border-line pt-5 text-sm text-muted">
        <p>
          New to CourseSource?{' '}
          <Link to="/sign-up" className={textLink}>
            Sign up
          </Link>
        </p>
        <p>
          Account not verified yet?{' '}
          <Link to="/verify-account" className={textLink}>
            Send verification link
          </Link>
        </p>
      </div>
    </form>
  )
}

import { Navigate, useLocation, useParams } from 'react-router'
import { Notice } from '@/components/ui/notice'
import { AccountFrame } from '../components/account-frame'
import { LoginForm } from '../components/login-form'
import { LOGIN_MESSAGES } from '../components/login-messages'

/** /login and /login/{id}: any id without a message goes back to /login. */
export default function LoginPage() {
  const { id } = useParams()
  const { search } = useLocation()
  if (id !== undefined && !Object.hasOwn(LOGIN_MESSAGES, id)) return <Navigate to={`/login${search}`} replace />
  const message = id === undefined ? null : LOGIN_MESSAGES[id]
  return (
    <AccountFrame title="Login" intro="Welcome back. Log in to read reviews, keep favourites and review your course.">
      {message && (
        <div className="mb-6">
          <Notice tone={message.tone}>{message.text}</Notice>
        </div>
      )}
      <LoginForm />
    </AccountFrame>
  )
}

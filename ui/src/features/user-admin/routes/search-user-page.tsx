import { useEffect, useRef, useState } from 'react'
import { FormMessage } from '@/components/ui/form-field'
import { errorLines } from '@/lib/error-lines'
import { useDeleteUser } from '../api/delete-user'
import { type FoundUser, useSearchUser } from '../api/search-user'
import { DeleteUserDialog } from '../components/delete-user-dialog'
import { SearchUserForm } from '../components/search-user-form'
import { UserCard } from '../components/user-card'

/** What the server last said, as it said it; `focus` moves the reader there (after a deletion). */
type Message = { tone: 'error' | 'success'; lines: string[]; focus?: boolean }

/**
 * /admin/search-user: find an account by email and delete it. The spec's states: idle, the
 * confirm prompt, then deleted (the result cleared, the server's messages shown) or cancelled.
 */
export default function SearchUserPage() {
  const search = useSearchUser()
  const remove = useDeleteUser()
  const [found, setFound] = useState<FoundUser | null>(null)
  const [message, setMessage] = useState<Message | null>(null)
  const [confirming, setConfirming] = useState(false)
  const messageRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (message?.focus) messageRef.current?.focus()
  }, [message])

  const clear = () => {
    setFound(null)
    setMessage(null)
  }

  const find = (email: string) => {
    clear()
    search.mutate(email, {
      onSuccess: setFound,
      onError: (error) => setMessage({ tone: 'error', lines: errorLines(error) }),
    })
  }

  const confirmDelete = (user: FoundUser) =>
    remove.mutate(user._id, {
      onSuccess: (answer) => {
        setConfirming(false)
        setFound(null)
        setMessage({ tone: 'success', lines: answer.map((m) => m.msg), focus: true })
      },
      // The spec: a failed deletion shows the first error's message.
      onError: (error) => {
        setConfirming(false)
        setMessage({ tone: 'error', lines: errorLines(error).slice(0, 1), focus: true })
      },
    })

  return (
    <div className="max-w-3xl space-y-6">
      <SearchUserForm onSearch={find} onEdit={clear} pending={search.isPending} />
      {search.isPending && <p className="text-muted">Searching…</p>}
      {message && <FormMessage ref={messageRef} tone={message.tone} messages={message.lines} />}
      {found && (
        <>
          <UserCard
            user={found}
            onDelete={() => {
              setMessage(null)
              setConfirming(true)
            }}
          />
          <DeleteUserDialog
            open={confirming}
            user={found}
            deleting={remove.isPending}
            onConfirm={() => confirmDelete(found)}
            onCancel={() => setConfirming(false)}
          />
        </>
      )}
    </div>
  )
}

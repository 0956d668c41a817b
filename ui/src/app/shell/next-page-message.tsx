import { X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { Notice } from '@/components/ui/notice'

/**
 * The message the previous page left for this one (after deleting the account), until closed
 * or the reader moves on. Lazily loaded by the shell, only when there is one.
 */
export default function NextPageMessage({ left }: { left: string }) {
  const [message, setMessage] = useState<string | null>(left)
  const { key } = useLocation()
  const firstKey = useRef(key)
  useEffect(() => {
    if (key !== firstKey.current) setMessage(null)
  }, [key])

  if (!message) return null
  return (
    <div className="container-page pt-6">
      <Notice tone="success">
        <div className="flex items-start justify-between gap-3">
          <p>{message}</p>
          <button
            type="button"
            onClick={() => setMessage(null)}
            aria-label="Close message"
            className="-my-1 inline-flex size-8 shrink-0 items-center justify-center rounded-md hover:bg-success-700/10"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      </Notice>
    </div>
  )
}

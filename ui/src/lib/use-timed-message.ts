import { useCallback, useEffect, useRef, useState } from 'react'

/** A message that disappears `ms` after it was last shown (the favourite and already-reviewed notes). */
export function useTimedMessage(ms: number): [string | null, (message: string) => void] {
  const [message, setMessage] = useState<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const show = useCallback(
    (text: string) => {
      clearTimeout(timer.current)
      setMessage(text)
      timer.current = setTimeout(() => setMessage(null), ms)
    },
    [ms],
  )
  useEffect(() => () => clearTimeout(timer.current), [])
  return [message, show]
}

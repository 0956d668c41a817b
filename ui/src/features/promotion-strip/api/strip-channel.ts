import { useEffect, useRef } from 'react'
import type { StripContent } from './promotion-strip-schema'

/** What the tabs of this site tell each other about the strip. */
export type StripMessage = { type: 'content'; content: StripContent } | { type: 'close' }

const CHANNEL = 'promotion-strip'

/**
 * Tells every other open tab (and this tab's strip, which listens on a channel of its own):
 * an admin saved new content, or the visitor closed the strip.
 */
export function postStripMessage(message: StripMessage) {
  if (typeof BroadcastChannel === 'undefined') return
  const channel = new BroadcastChannel(CHANNEL)
  channel.postMessage(message)
  channel.close()
}

/** Calls `onMessage` for each strip message while the component is mounted. */
export function useStripMessages(onMessage: (message: StripMessage) => void) {
  const handler = useRef(onMessage)
  useEffect(() => {
    handler.current = onMessage
  })
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return
    const channel = new BroadcastChannel(CHANNEL)
    channel.onmessage = (event: MessageEvent<StripMessage>) => {
      if (event.data?.type === 'content' || event.data?.type === 'close') handler.current(event.data)
    }
    return () => channel.close()
  }, [])
}

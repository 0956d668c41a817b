import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { promotionStripQueryKey, type StripContent } from '../api/get-promotion-strip'
import { postStripMessage, useStripMessages } from '../api/strip-channel'
import { closedForMs, forgetClosed, rememberClosed } from '../lib/strip-dismissal'

/** The strip appears this long after its content loads (spec 001 section 9). */
export const SHOW_DELAY_MS = 500

/** How long the strip stays closed (see closedForMs), as read for a logged-in state. */
type Closed = { loggedIn: boolean; forMs: number }

/**
 * Whether the strip shows (spec 001 section 4, 'Promotion strip'): about 0.5 s after its content
 * loads, if the admin turned it on and the visitor has not closed it. `loggedIn` is undefined
 * while unknown: nothing shows until then, since the two close the strip for different times.
 */
export function useStripShown(content: StripContent | undefined, loggedIn: boolean | undefined) {
  const queryClient = useQueryClient()
  const wanted = content?.displayPromotionStrip === true
  const [delayPassed, setDelayPassed] = useState(false)
  const [closed, setClosed] = useState<Closed>()
  const readClosed = (who: boolean) => setClosed({ loggedIn: who, forMs: closedForMs(who) })

  // Read the flag once who is visiting is known (and again if that changes).
  if (loggedIn !== undefined && closed?.loggedIn !== loggedIn) readClosed(loggedIn)

  useEffect(() => {
    if (!wanted || delayPassed) return
    const timer = setTimeout(() => setDelayPassed(true), SHOW_DELAY_MS)
    return () => clearTimeout(timer)
  }, [wanted, delayPassed])

  // Closed for good while logged in; for the logged out, back when the hour is up.
  useEffect(() => {
    if (!closed || closed.forMs === 0 || closed.forMs === Infinity) return
    const timer = setTimeout(() => {
      forgetClosed()
      setClosed({ loggedIn: closed.loggedIn, forMs: 0 })
    }, closed.forMs)
    return () => clearTimeout(timer)
  }, [closed])

  // Another tab closed it, or an admin saved it (in this tab or another): follow at once.
  useStripMessages((message) => {
    if (message.type === 'content') {
      queryClient.setQueryData(promotionStripQueryKey, message.content)
      if (message.content.displayPromotionStrip) forgetClosed()
    }
    if (loggedIn !== undefined) readClosed(loggedIn)
  })

  const close = () => {
    rememberClosed()
    if (loggedIn !== undefined) readClosed(loggedIn)
    postStripMessage({ type: 'close' })
  }

  return { shown: wanted && delayPassed && closed?.forMs === 0, close }
}

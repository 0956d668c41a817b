import { Fragment } from 'react'
import type { Segment } from '../api/get-reviews-for'

/**
 * A searched review's text with the server's matches in `<mark>`. Every segment is text React
 * escapes, so markup in a review stays text: the only elements are these marks.
 */
export function HighlightedText({ segments }: { segments: Segment[] }) {
  return (
    <>
      {segments.map((segment, n) =>
        segment.match ? (
          <mark key={n} className="rounded-xs bg-accent-300 px-0.5 text-inherit">
            {segment.text}
          </mark>
        ) : (
          <Fragment key={n}>{segment.text}</Fragment>
        ),
      )}
    </>
  )
}

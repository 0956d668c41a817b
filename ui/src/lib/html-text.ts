/**
 * The plain text of an HTML fragment, for short previews of rich copy. DOMParser builds an
 * inert document: nothing in it runs or loads.
 */
export function htmlToText(html: string): string {
  if (!html) return ''
  const doc = new DOMParser().parseFromString(html, 'text/html')
  doc.querySelectorAll('p, li, br, h1, h2, h3, h4').forEach((el) => el.append(' '))
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim()
}

/**
 * The visible text of an HTML fragment as the server counts it for length limits: the text of
 * every element run together, tags and line breaks not counted, entities as one character.
 */
export function visibleText(html: string): string {
  if (!html) return ''
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? ''
}

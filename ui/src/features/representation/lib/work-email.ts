// The server's rule for a representative's work email (src/replies/domain.rs), so the form can
// say before sending that an address off the provider's domain is checked by hand.

/** The domain of a provider's website without a leading www. ('https://www.tafe.example/x' gives 'tafe.example'); '' without one. */
export function websiteDomain(websiteUrl: string): string {
  try {
    const host = new URL(websiteUrl.trim()).hostname.replace(/\.$/, '').toLowerCase()
    const domain = host.replace(/^www\./, '')
    return domain.includes('.') ? domain : ''
  } catch {
    return ''
  }
}

/** The part of an address after its last '@', lower-cased ('' when there is none yet). */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@')
  return at < 0 ? '' : email.slice(at + 1).trim().replace(/\.$/, '').toLowerCase()
}

/** Whether `email` is on the website's domain or one of its subdomains. */
export function isOnDomain(email: string, domain: string): boolean {
  const own = emailDomain(email)
  return own === domain || own.endsWith(`.${domain}`)
}

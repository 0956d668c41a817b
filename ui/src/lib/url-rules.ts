// URL rules of the admin forms, shared by the server's contract (docs/admin-api.md) and the UI.

/**
 * The promotion strip's Button Link rule (spec 001 section 5): it starts with http://, https://
 * or www., then a host whose top-level domain is 2 to 5 letters, an optional :port and an
 * optional path (or query). The server stores a www. link as https://www.… A path on this site
 * (`/competition`) is accepted too; `//host` would be another site.
 */
const BUTTON_LINK = /^(?:https?:\/\/|www\.)(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,5}(?::\d{1,5})?(?:[/?#][^\s"<>\\]*)?$/i
const SITE_PATH = /^\/(?![/\\])[^\s"<>\\]*$/

export function isValidButtonLink(link: string): boolean {
  return BUTTON_LINK.test(link) || SITE_PATH.test(link)
}

/** A link an admin may put in rich copy: the schemes the server keeps (http, https, mailto). */
const LINK_HREF = /^(?:https?:\/\/[^\s/?#]+\.[^\s/?#]+(?:[/?#]\S*)?|mailto:[^\s@]+@[^\s@]+\.[^\s@]+)$/i

export function isSafeLinkHref(href: string): boolean {
  return LINK_HREF.test(href)
}

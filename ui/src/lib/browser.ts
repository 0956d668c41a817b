/** Reloads the page; a module function so tests can observe it (jsdom cannot reload). */
export function reloadPage() {
  window.location.reload()
}

/** Sends the browser to `url`; for a download the page stays. A module function so tests can observe it. */
export function goTo(url: string) {
  window.location.assign(url)
}

/** Reloads the page; a module function so tests can observe it (jsdom cannot reload). */
export function reloadPage() {
  window.location.reload()
}

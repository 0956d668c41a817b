/** Reloads the site at home, as after deleting the account (a module function so tests can watch it). */
export function leaveForHome() {
  window.location.assign('/')
}

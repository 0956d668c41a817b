// Starts the app one frame after the browser has painted the page the server wrote (issue 32).
// The server moves the app's entry script, the page's own chunks and the text font into the
// head's template: a phone on a slow link shows the page first and downloads the app after it,
// rather than waiting for all of them. A page opened out of sight has nothing to paint first.
;(() => {
  const start = () => {
    const later = document.getElementById('after-first-paint')
    // Imported, not moved: a script the parser made inside a template never runs when moved.
    if (later instanceof HTMLTemplateElement) document.head.append(document.importNode(later.content, true))
  }
  if (document.visibilityState === 'hidden') start()
  else requestAnimationFrame(() => setTimeout(start, 0))
})()

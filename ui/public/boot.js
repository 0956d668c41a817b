// Starts the app once the browser has shown the page the server wrote (issue 32). The server
// moves the app's entry script, the page's own chunks and the text font into the head's
// template: a phone on a slow link shows the page first and downloads the app after it, rather
// than waiting for all of them.
;(() => {
  let started = false
  const start = () => {
    if (started) return
    started = true
    const later = document.getElementById('after-first-paint')
    // Imported, not moved: a script the parser made inside a template never runs when moved.
    if (later instanceof HTMLTemplateElement) document.head.append(document.importNode(later.content, true))
  }
  // A page opened out of sight paints nothing first.
  if (document.visibilityState === 'hidden') return start()
  // The first contentful paint's entry comes once its frame is on screen, which can be well after
  // the frame's own tasks on a busy device; a browser that reports no paints starts the app one
  // frame after its first, and none waits more than three seconds.
  if (window.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((paints, observer) => {
      if (!paints.getEntriesByName('first-contentful-paint').length) return
      observer.disconnect()
      start()
    }).observe({ type: 'paint', buffered: true })
  } else {
    requestAnimationFrame(() => setTimeout(start, 0))
  }
  setTimeout(start, 3000)
})()

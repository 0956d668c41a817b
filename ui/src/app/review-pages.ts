// The course-provider page (with the leave-review overlay) as its own lazy chunk. The page lives in
// app/routes/ as it composes several features; this file stays the chunk's entry because the server
// preloads the chunk by this name (src/pages/mod.rs). A default export keeps its entry in the initial
// bundle as short as it can be.
export { default } from './routes/course-provider-page'

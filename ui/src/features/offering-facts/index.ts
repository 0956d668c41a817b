// What app/ may use of offering facts (DESIGN decision 23): the course-provider page's block
// and the 'Courses we offer' editor (app/routes/courses-we-offer-page.tsx).
export { FactsBlock } from './components/facts-block'
export { CoursesWeOffer } from './components/courses-we-offer'
export { useProviderOfferings } from './api/provider-offerings'

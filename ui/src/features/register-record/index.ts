// What app/ may use of the register's record about a provider (DESIGN decision 28).
export { ProviderDecisions } from './components/provider-decisions'

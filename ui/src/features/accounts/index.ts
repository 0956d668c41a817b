// What app/ may use of the accounts feature (its pages are loaded by path: README, Layout).
export { loginTarget } from './components/login-target'

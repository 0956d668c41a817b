// What app/ may use of the CSV export (README, Layout): the admin menu's button.
export { ExportCsvButton } from './components/export-csv-button'

import type { SearchMode, SearchOption } from '../api/get-typeahead'

/** What the search box shows for a chosen course in each mode. */
export function optionLabel(option: SearchOption, mode: SearchMode): string {
  return mode === 'code' ? option.courseCode : option.name
}

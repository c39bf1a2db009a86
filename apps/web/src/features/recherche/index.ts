/** The header's search box (its combobox loads on first focus). */
export { SearchBox } from './components/SearchBox';

/** What other screens use of the account: the subscribe button of a place. */
export { AbonnementButton } from './components/AbonnementButton';

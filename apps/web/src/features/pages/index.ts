/** The editorial pages; other screens use only the « page introuvable » answer. */
export { default as NotFoundPage } from './NotFoundPage';

/**
 * The routes whose first screen is in the HTML the server sends (docs/decisions/116): the table is shared with the
 * server (`packages/shared/src/domain/web-routes.ts`), which serves each prerendered page for the paths it accepts.
 */
export { PRERENDERED_ROUTES, prerenderedKey, type PrerenderedRoute } from '@limni/shared/domain/web-routes';

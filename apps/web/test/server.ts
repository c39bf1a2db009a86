/** The request mock of the component tests: each test says what the API answers (`server.use(...)`). */
import { setupServer } from 'msw/node';

export const server = setupServer();

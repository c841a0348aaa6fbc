// The not-found feature's public entry for other features.
export { default as NotFoundPage } from './NotFoundPage';

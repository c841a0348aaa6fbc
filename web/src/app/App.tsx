import { useRoutes } from 'react-router-dom';
import { routes } from './routes';

/**
 * The site: the route table matched against the location, inside the browser's router (app/start.tsx) or the
 * prerender's static one (entry-server.tsx). Declarative routing, not a data router: no route loads data, and
 * the data router's code was 18 KB gzipped on every page (decision 0029).
 */
export default function App() {
  return useRoutes(routes);
}

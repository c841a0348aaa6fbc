import { guardEarlyInput } from './lib/earlyInput';
import { nextTask } from './lib/nextTask';
import { afterFirstPaint, preloadStartModules } from './lib/startModules';
import './styles/index.css';

const container = document.getElementById('root') as HTMLElement;
const prerendered = container.hasChildNodes();
if (prerendered) {
  // First of all: from here on, clicks and submits made before hydration are held, then replayed.
  guardEarlyInput();
  // The page is already readable: its start-up chunks are fetched once it has painted.
  await afterFirstPaint();
  await preloadStartModules();
}

// React DOM is evaluated in a task of its own, then the app in another: on a slow phone two shorter
// tasks instead of one long one.
await import('react-dom/client');
await nextTask();
const { start } = await import('./app/start');
await start(container, prerendered);

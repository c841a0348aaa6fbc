import { guardEarlyInput } from './lib/earlyInput';
import { nextTask } from './lib/nextTask';
import './styles/index.css';

const container = document.getElementById('root') as HTMLElement;
const prerendered = container.hasChildNodes();
// First of all: from here on, clicks and submits made before hydration are held, then replayed.
if (prerendered) guardEarlyInput();

// React DOM is evaluated in a task of its own, then the app in another: on a slow phone two shorter
// tasks instead of one long one. (Both are fetched at once: the page preloads them.)
await import('react-dom/client');
await nextTask();
const { start } = await import('./app/start');
await start(container, prerendered);

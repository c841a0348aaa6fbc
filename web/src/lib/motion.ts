import { animate } from 'motion/mini';
import { prefersReducedMotion } from './reducedMotion';

export { prefersReducedMotion };

type Keyframes = Parameters<typeof animate>[1];
type Options = Parameters<typeof animate>[2];

/**
 * Motion's small WAAPI-based animate (motion/mini), skipped entirely under prefers-reduced-motion.
 * Used for the page transition and entrances: a few KB instead of the full `m` component runtime.
 */
export function animateIn(element: Element | null, keyframes: Keyframes, options: Options): void {
  if (!element || prefersReducedMotion()) return;
  animate(element, keyframes, options);
}

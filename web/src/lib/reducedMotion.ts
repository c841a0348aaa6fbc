/** Whether the visitor asked for less motion: then nothing on the site animates. No animation library here. */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

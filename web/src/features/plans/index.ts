// The plans feature's public entry for other features.
export { PlansSection } from './PlansSection';

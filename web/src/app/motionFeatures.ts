import { domAnimation } from 'motion/react';

// Loaded after first paint: animations need it, content does not.
export default domAnimation;

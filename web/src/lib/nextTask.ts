/**
 * Lets the browser paint and handle input before going on: work split by it runs as several short tasks
 * on a slow phone instead of one long one (Total Blocking Time counts every task over 50 ms).
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The sign-in actions and the Firebase SDK behind them, fetched when a sign-in page first needs them. */
export const loadAuthActions = () => import('./authActions');

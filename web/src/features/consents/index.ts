// The consents feature's public entry: every consent screen in one place. The guardian's own page is a
// route (GuardianPage); the learner's wait for a guardian sits on the payment step; the account's list of
// consents given sits on /account.
export { AccountConsents } from './AccountConsents';
export { GuardianConsent } from './GuardianConsent';

// The address rule for invitations, apart from the CSV reader (invitations.ts imports csv-parse, which needs Node's
// Buffer): the team page checks typed addresses with it, and must not load the parser.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether a row's address is one: the rule the server applies to every row, and the team page to typed ones. */
export const isInvitationAddress = (email: string): boolean => EMAIL.test(email) && email.length <= 254;
/** What a row that holds no address is told, in the file and in the typed list alike. */
export const notAnAddress = (cell: string): string => `"${cell}" is not an e-mail address.`;

export const FIREBASE_JSON: string;
export const EMULATOR_CONFIG: string;
export const EARLY_INPUT_SCRIPT: string;
export function earlyInputScript(): string;
export function earlyInputHash(): string;
export interface CheckoutOrigins {
  script: string[];
  connect: string[];
  frame: string[];
  img: string[];
}
export const RAZORPAY_CHECKOUT: CheckoutOrigins;
export function sandboxCheckout(origin: string): CheckoutOrigins;
export function contentSecurityPolicy(options: {
  authDomain: string;
  authEmulatorOrigin?: string;
  firestoreEmulatorOrigin?: string;
  payments?: CheckoutOrigins;
}): string;
export function productionAuthDomain(projectId?: string): string;
export function readFirebaseJson(): unknown;
export function servedCsp(config: unknown): string;
export function writeProductionConfig(projectId?: string): void;
export function writeEmulatorConfig(): string;

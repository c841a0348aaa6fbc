export const FIREBASE_JSON: string;
export const EMULATOR_CONFIG: string;
export function contentSecurityPolicy(options: { authDomain: string; authEmulatorOrigin?: string }): string;
export function productionAuthDomain(projectId?: string): string;
export function readFirebaseJson(): unknown;
export function servedCsp(config: unknown): string;
export function writeProductionConfig(projectId?: string): void;
export function writeEmulatorConfig(): string;

export const CHECKOUT_VAR: 'UPSKILL_CHECKOUT';
export const RUN_VAR: 'UPSKILL_RUN';
export function canInspectProcesses(): boolean;
export function markRun(checkout: string): string;
export function commandOf(pid: number): string;
export function processesOfCheckout(checkout: string): { pid: number; run: string; command: string }[];
export function runIsLive(run: string, checkout: string): boolean;
export function stopProcesses(pids: number[], options?: { graceMs?: number }): Promise<void>;
export function stopRun(
  checkout: string,
  run: string,
  options?: { graceMs?: number },
): Promise<{ pid: number; run: string; command: string }[]>;
export function listenerOf(port: number): { pid: number; command: string; env: Record<string, string> } | undefined;
export function leftoversOfCheckout(checkout: string): { pid: number; run: string; command: string }[];

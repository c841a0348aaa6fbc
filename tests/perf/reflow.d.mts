export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown>;
}
export interface FlaggedReflow {
  event: TraceEvent;
  inside: TraceEvent;
  sameThread: boolean;
}
export declare const FORCED_REFLOW_US: number;
export declare function isScriptEvent(name: string): boolean;
export declare function mainThreadOf(events: readonly TraceEvent[]): { pid: number; tid: number } | null;
export declare function forcedReflows(events: readonly TraceEvent[], thread?: { pid: number; tid: number }): FlaggedReflow[];
export declare function reflowVerdicts(events: readonly TraceEvent[]): {
  everyThreadMs: number;
  crossThreadMs: number;
  crossThreadCauses: string[];
  mainThreadMs: number | null;
};

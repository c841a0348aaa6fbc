export declare function focusedFiles(patterns: readonly string[], dirs: readonly string[], suffix: string): string[];

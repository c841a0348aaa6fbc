export declare const FUNCTION_LAYERS: readonly string[];
export declare function functionZones(base?: string): unknown[];
export declare function siteZones(features: readonly string[], base?: string): unknown[];

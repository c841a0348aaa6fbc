export interface ChromiumOptions {
  env?: Record<string, string | undefined>;
  exists?: (path: string) => boolean;
  system?: string[];
  playwright?: () => string | undefined;
  install?: () => void;
}
export function findChromium(options?: ChromiumOptions): string;
export interface TestBrowserOptions {
  env?: Record<string, string | undefined>;
  exists?: (path: string) => boolean;
  candidates?: string[];
}
export function findTestBrowser(fallback: string, options?: TestBrowserOptions): string;

export function startRazorpaySandbox(config: {
  port: number;
  host?: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  webhookUrl: string;
  log?: (message: string) => void;
}): Promise<{ origin: string; close: () => Promise<void> }>;

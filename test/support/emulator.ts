/**
 * The tests' one way to start the emulator: in this process, on an ephemeral port of 127.0.0.1, with the
 * environment that points `edgeplan` at it. (A test that needs edgeplan as a process spawns the CLI against this
 * emulator: support/cli.ts.)
 */
import { createEmulator, type Emulator, type EmulatorOptions } from '../../src/emulator/index.js';

export interface RunningEmulator {
  emulator: Emulator;
  /** The DNS API's base, `http://127.0.0.1:<port>/REST`. */
  url: string;
  /** The WAF API's base, `http://127.0.0.1:<port>/api/v3`. */
  wafUrl: string;
  port: number;
  /** `EDGEPLAN_DYN_*` and `EDGEPLAN_WAF_*` for this emulator and its account's credentials. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const emulator = createEmulator(options);
  const { url, wafUrl, port } = await emulator.listen(0, '127.0.0.1');
  const { customer_name, user_name, password } = emulator.credentials;
  const { client_id, client_secret } = emulator.waf.credentials;
  return {
    emulator,
    url,
    wafUrl,
    port,
    env: {
      EDGEPLAN_DYN_URL: url,
      EDGEPLAN_DYN_CUSTOMER: customer_name,
      EDGEPLAN_DYN_USER: user_name,
      EDGEPLAN_DYN_PASSWORD: password,
      EDGEPLAN_WAF_URL: wafUrl,
      EDGEPLAN_WAF_CLIENT_ID: client_id,
      EDGEPLAN_WAF_CLIENT_SECRET: client_secret,
    },
    close: () => emulator.close(),
  };
}

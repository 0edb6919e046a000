/**
 * The tests' one way to start the emulator: in this process, on an ephemeral port of 127.0.0.1, with the
 * environment that points `edgeplan` at it. (A test that needs edgeplan as a process spawns the CLI against this
 * emulator: support/cli-process.ts.)
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

/** Emulators started in this test file and not yet closed by closeStartedEmulators. */
const started = new Set<RunningEmulator>();

/**
 * Closes every emulator this file started and did not close yet: an `afterEach` that cleans up after each test
 * whatever the test assigned, so no test depends on another having started one. Closing twice is harmless.
 */
export async function closeStartedEmulators(): Promise<void> {
  const open = [...started];
  started.clear();
  await Promise.all(open.map((running) => running.close()));
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const emulator = createEmulator(options);
  const { url, wafUrl, port } = await emulator.listen(0, '127.0.0.1');
  const { customer_name, user_name, password } = emulator.credentials;
  const { client_id, client_secret } = emulator.waf.credentials;
  const running: RunningEmulator = {
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
    close: () => {
      started.delete(running);
      return emulator.close();
    },
  };
  started.add(running);
  return running;
}

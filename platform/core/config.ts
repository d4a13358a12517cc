// Platform configuration from the environment (README "Configuration").
export interface Config {
  port: number;
  host: string;
  dataDir: string | null;
  databaseUrl: string | null;
  seedRecords: number;
  captcha: boolean;
  /** unanswered captchas one client address may hold at a time (CAPTCHAS_PER_ADDRESS; default 20). */
  captchasPerAddress: number;
  /** registration SMS codes sent per minute across all clients (REGISTER_CODES_PER_MINUTE; default 100): each is a
   * real, paid SMS to a number nobody has proven yet. */
  registerCodesPerMinute: number;
  /** serve the built console from dist/console under /sms-cloud/. */
  serveConsole: boolean;
  /** where the built console is (CONSOLE_DIR; default dist/console), so parallel builds need not share one folder. */
  consoleDir: string | null;
  /** carrier simulator delays in ms and outcome rates. */
  simulator: { reviewMs: number; reportMs: number; successRate: number; failureRate: number; replyRate: number };
  logLevel: string;
  /** how long a SIGTERM or SIGINT may take from the signal to exit (SHUTDOWN_TIMEOUT_S, default 20 s). */
  shutdownTimeoutS: number;
  /** how often an open change stream sends a keep-alive (and re-checks its session). */
  streamHeartbeatMs: number;
  /** callbacks may go to loopback and private addresses (CALLBACK_ALLOW_PRIVATE=on): for tests and closed networks
   * only, since a push URL is typed by a customer and the platform posts to it from inside the network. */
  callbackAllowPrivate: boolean;
  /** a callback attempt with no answer within this many ms has failed (CALLBACK_TIMEOUT_MS, default 10 s). */
  callbackTimeoutMs: number;
  /** public base of short links (SHORT_LINK_BASE, e.g. https://s.example.com/s/); unset: this server's own address. */
  shortLinkBase: string | null;
  /** how many uploaded console-log entries each login keeps, newest first (CLIENT_LOG_KEEP_ROWS). */
  clientLogKeepRows: number;
  /** where the SMPP server listens (SMPP_PORT; default 2775): null off (`0`), 'auto' any free port. */
  smppPort: number | 'auto' | null;
  /** where /metrics (Prometheus), /health and /ready listen apart from the public port (METRICS_PORT; default 9464):
   * null off (`0`), 'auto' any free port. */
  metricsPort: number | 'auto' | null;
  /** how long a receipt waits for a receiver bind of its account before it is dropped (SMPP_RECEIPT_RETENTION_H). */
  smppReceiptRetentionH: number;
  /** what one SMPP client may make the server hold (README "SMPP"). */
  smppLimits: SmppLimits;
  /** where messages go: the carriers of a CARRIERS_FILE; by default the simulator as an SMSC on loopback, which the
   * platform binds to like any carrier; CARRIERS=in-process keeps them in the process (tests that drive the dispatcher). */
  carriers: { source: 'file'; file: string } | { source: 'simulator-smsc' } | { source: 'in-process' };
}

export interface SmppLimits {
  /** how long a deliver_sm waits for its answer before the bind is unbound (SMPP_RESPONSE_TIMEOUT_MS; default 30 s). */
  responseTimeoutMs: number;
  /** parts of incomplete long messages one account may have waiting (SMPP_PENDING_PARTS; default 4000), one session
   * half of it. */
  pendingParts: number;
  /** octets of those parts (SMPP_PENDING_OCTETS; default 4 MiB), one session half of it. */
  pendingOctets: number;
  /** connections one client address may hold open before binding (SMPP_UNBOUND_PER_ADDRESS; default 20). */
  unboundPerAddress: number;
  /** how long the parts of a long message wait for the rest (SMPP_REASSEMBLY_TIMEOUT_MS; default 60 s). */
  reassemblyTimeoutMs: number;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const num = (v: string | undefined, d: number) =>
    v !== undefined && v !== '' && !Number.isNaN(Number(v)) ? Number(v) : d;
  return {
    port: num(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: env.DATA_DIR === ':memory:' ? null : (env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || null,
    seedRecords: num(env.SEED_RECORDS, 200_000),
    captcha: (env.CAPTCHA ?? 'on').toLowerCase() !== 'off',
    captchasPerAddress: num(env.CAPTCHAS_PER_ADDRESS, 20),
    registerCodesPerMinute: num(env.REGISTER_CODES_PER_MINUTE, 100),
    serveConsole: (env.SERVE_CONSOLE ?? 'on').toLowerCase() !== 'off',
    consoleDir: env.CONSOLE_DIR || null,
    simulator: {
      reviewMs: num(env.SIM_REVIEW_MS, 2000),
      reportMs: num(env.SIM_REPORT_MS, 3000),
      successRate: num(env.SIM_SUCCESS_RATE, 0.9),
      failureRate: num(env.SIM_FAILURE_RATE, 0.07),
      replyRate: num(env.SIM_REPLY_RATE, 0.05),
    },
    logLevel: env.LOG_LEVEL ?? 'info',
    shutdownTimeoutS: Math.max(1, num(env.SHUTDOWN_TIMEOUT_S, 20)),
    streamHeartbeatMs: 15_000,
    callbackAllowPrivate: (env.CALLBACK_ALLOW_PRIVATE ?? 'off').toLowerCase() === 'on',
    callbackTimeoutMs: Math.max(1, num(env.CALLBACK_TIMEOUT_MS, 10_000)),
    shortLinkBase: env.SHORT_LINK_BASE?.trim() || null,
    clientLogKeepRows: Math.max(1, num(env.CLIENT_LOG_KEEP_ROWS, 1000)),
    smppPort: smppPortOf(env.SMPP_PORT),
    metricsPort: portOf('METRICS_PORT', env.METRICS_PORT, 9464),
    smppReceiptRetentionH: Math.max(1, num(env.SMPP_RECEIPT_RETENTION_H, 72)),
    smppLimits: {
      responseTimeoutMs: Math.max(100, num(env.SMPP_RESPONSE_TIMEOUT_MS, 30_000)),
      pendingParts: Math.max(1, num(env.SMPP_PENDING_PARTS, 4000)),
      pendingOctets: Math.max(1024, num(env.SMPP_PENDING_OCTETS, 4 * 1024 * 1024)),
      unboundPerAddress: Math.max(1, num(env.SMPP_UNBOUND_PER_ADDRESS, 20)),
      reassemblyTimeoutMs: Math.max(100, num(env.SMPP_REASSEMBLY_TIMEOUT_MS, 60_000)),
    },
    carriers: carriersOf(env),
  };
}

function carriersOf(env: NodeJS.ProcessEnv): Config['carriers'] {
  const file = env.CARRIERS_FILE?.trim();
  if (file) return { source: 'file', file };
  const mode = env.CARRIERS?.trim().toLowerCase();
  if (mode === undefined || mode === '' || mode === 'simulator-smsc') return { source: 'simulator-smsc' };
  if (mode === 'in-process') return { source: 'in-process' };
  throw new Error(`CARRIERS must be simulator-smsc or in-process (or set CARRIERS_FILE); it is "${env.CARRIERS}"`);
}

const smppPortOf = (v: string | undefined) => portOf('SMPP_PORT', v, 2775);

/** The listeners the platform opens: what a message calls each, and the setting its port is read from. */
const LISTENERS = {
  http: ['HTTP', 'PORT'],
  smpp: ['SMPP', 'SMPP_PORT'],
  metrics: ['metrics', 'METRICS_PORT'],
} as const;

/** The cause a start names when a listener's port is taken. */
export const portInUse = (listener: keyof typeof LISTENERS, port: unknown) =>
  `${LISTENERS[listener][0]} port ${String(port)} is in use (${LISTENERS[listener][1]})`;

/** A listener's port setting: a port, `0` (off, null) or `auto` (any free port). */
function portOf(name: string, v: string | undefined, dflt: number): number | 'auto' | null {
  const t = v?.trim().toLowerCase();
  if (t === undefined || t === '') return dflt;
  if (t === 'auto') return 'auto';
  const n = Number(t);
  if (n === 0) return null;
  // a mistyped port must not leave a listener off while the platform looks healthy
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new Error(`${name} must be a port (1-65535), 0 (off) or auto; it is "${v}"`);
  return n;
}

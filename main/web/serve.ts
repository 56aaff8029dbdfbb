// `npm run web`: the harness for a person at a browser. Prints the one-time URL that opens Loa.
import { mkdirSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { startEmbeddedDemo } from '../connection/embedded-demo'
import { DEMO_VARIANTS } from '../demo/server'
import { UPDATE_FEED_ENV } from '../updates/feed'
import { startWebHarness } from './harness'
import { chooseHarnessSecrets } from './harness-secrets'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'data-dir': { type: 'string', default: join(homedir(), '.config', 'loa-web') },
    // The embedded demo's answers to what the realtime spec leaves "not shown" (demo/README.md "Variants").
    variant: { type: 'string' },
  },
})

const variant = DEMO_VARIANTS.find((v) => v === values.variant)
if (values.variant !== undefined && variant === undefined) {
  process.stderr.write(`--variant must be one of ${DEMO_VARIANTS.join(', ')}; got '${values.variant}'.\n`)
  process.exit(2)
}

const dataDir = values['data-dir']
mkdirSync(dataDir, { recursive: true })
const secrets = await chooseHarnessSecrets(dataDir)
const harness = await startWebHarness({
  dataDir,
  port: Number(values.port),
  secrets,
  ...(variant ? { startDemo: () => startEmbeddedDemo({ variant }) } : {}),
  ...(process.env[UPDATE_FEED_ENV] ? { updateFeed: process.env[UPDATE_FEED_ENV] } : {}),
})
process.stdout.write(
  `Loa is running at ${harness.origin}\nOpen this one-time link in Chromium: ${harness.launchUrl()}\n`,
)
if (secrets.warning)
  process.stderr.write(`Note: ${secrets.warning}: the key is kept in memory for this run only.\n`)

// As the app does (main/crash/main-crash.ts), less the relaunch: a person started this in a terminal.
const startedAtMs = Date.now()
process.on('uncaughtException', (err) => {
  void harness.core.crash
    .mainCrashed('exception', err, Date.now() - startedAtMs)
    .finally(() => process.exit(1))
})
process.on('unhandledRejection', (reason) => {
  void harness.core.crash.mainCrashed('rejection', reason, Date.now() - startedAtMs)
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void harness.close().then(() => process.exit(0)))
}

// `npm run web`: the harness for a person at a browser. Prints the one-time URL that opens Loa.
import { mkdirSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { chooseSecretStore } from '../secrets/choose-store'
import { loadKeytar } from '../secrets/keytar-store'
import { startWebHarness } from './harness'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'data-dir': { type: 'string', default: join(homedir(), '.config', 'loa-web') },
  },
})

const dataDir = values['data-dir']
mkdirSync(dataDir, { recursive: true })
const secrets = await chooseSecretStore({
  loadKeytar,
  safeStorage: null,
  encryptedFilePath: join(dataDir, 'key.enc.json'),
})
const harness = await startWebHarness({ dataDir, port: Number(values.port), secrets })
process.stdout.write(
  `Loa is running at ${harness.origin}\nOpen this one-time link in Chromium: ${harness.launchUrl()}\n`,
)
if (secrets.warning)
  process.stderr.write(`Note: ${secrets.warning}: the key is kept in memory for this run only.\n`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void harness.close().then(() => process.exit(0)))
}

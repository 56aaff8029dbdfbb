// The layer rule as `npm run lint` applies it: ESLint with the project's own config, on code planted at a
// path in each layer. A wrong-way import fails with the rule's name and a message naming both layers.
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const eslint = new ESLint({ cwd: ROOT })

/** The messages ESLint gives the planted file, as `rule: message`. */
async function lint(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parser'}: ${m.message}`)
}

const importing = (specifier: string): string =>
  `import { value } from '${specifier}'\n\nexport const used = value\n`

describe('the layer rule', () => {
  it('stops a library importing a feature', async () => {
    expect(await lint('main/api/planted.ts', importing('../tts/text-limit'))).toEqual([
      'layers/direction: layers: libraries may not import features (main/tts/text-limit); see ARCHITECTURE.md',
    ])
  })

  it('stops a feature importing a host, and a lazy import too', async () => {
    const code = "export const load = () => import('../app/csp')\n"
    expect(await lint('main/voice/planted.ts', code)).toEqual([
      'layers/direction: layers: features may not import hosts (main/app/csp); see ARCHITECTURE.md',
    ])
  })

  it('stops the client importing the demo service, past its entry point too', async () => {
    const message = (to: string): string =>
      `layers/direction: layers: the client may not import the demo service (${to}); only its starters import main/demo/server.ts; see ARCHITECTURE.md`
    expect(await lint('main/tts/planted.ts', importing('../demo/pricing'))).toEqual([
      message('main/demo/pricing'),
    ])
    expect(await lint('main/connection/embedded-demo.ts', importing('../demo/pricing'))).toEqual([
      message('main/demo/pricing'),
    ])
  })

  it('stops the demo service importing the client', async () => {
    expect(await lint('main/demo/planted.ts', importing('../api/http'))).toEqual([
      'layers/direction: layers: the demo service may not import client code (main/api/http); see ARCHITECTURE.md',
    ])
  })

  it('stops the contract importing main', async () => {
    const code =
      "import type { GatewayEndpoint } from '../../main/api/http'\n\nexport type Planted = GatewayEndpoint\n"
    expect(await lint('preload/contract/planted.ts', code)).toEqual([
      'layers/direction: layers: contract may not import libraries (main/api/http); see ARCHITECTURE.md',
    ])
  })

  it('keeps the renderer to the contract', async () => {
    expect(await lint('renderer/lib/planted.ts', importing('../../preload/expose'))).toEqual([
      'layers/direction: layers: the renderer may import only the contract (preload/expose); see ARCHITECTURE.md',
    ])
  })

  it('lets imports point down, and the demo be started from its entry point', async () => {
    expect(await lint('main/tts/planted.ts', importing('../api/http'))).toEqual([])
    expect(await lint('main/core.ts', importing('./tts/text-limit'))).toEqual([])
    expect(await lint('renderer/lib/planted.ts', importing('../../preload/contract'))).toEqual([])
    expect(await lint('main/connection/embedded-demo.ts', importing('../demo/server'))).toEqual([])
    expect(await lint('main/demo/planted.ts', importing('./server'))).toEqual([])
  })
})

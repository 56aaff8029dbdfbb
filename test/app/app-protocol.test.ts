import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAppRequestHandler, resolveAppPath } from '../../main/app/app-protocol'
import { APP_CSP } from '../../main/app/csp'

let base: string
let root: string
let handle: (request: Request) => Promise<Response>
const SECRET = 'outside-the-renderer-folder'

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'loa-app-protocol-'))
  root = join(base, 'renderer')
  await mkdir(join(root, 'assets'), { recursive: true })
  await writeFile(join(root, 'index.html'), '<!doctype html><title>Loa</title>')
  await writeFile(join(root, 'assets', 'index.js'), 'console.log(1)')
  await writeFile(join(root, 'assets', 'app.css'), 'body{}')
  await writeFile(join(base, 'secret.txt'), SECRET)
  await writeFile(join(base, 'renderer-evil.txt'), SECRET)
  handle = createAppRequestHandler(root, APP_CSP)
})

afterAll(async () => {
  await rm(base, { recursive: true, force: true })
})

describe('app:// protocol', () => {
  it('serves index.html for the root, with the strict CSP header', async () => {
    for (const url of ['app://loa/', 'app://loa', 'app://loa/index.html#/popup']) {
      const res = await handle(new Request(url))
      expect(res.status, url).toBe(200)
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(res.headers.get('content-security-policy')).toBe(APP_CSP)
      expect(await res.text()).toContain('<title>Loa</title>')
    }
  })

  it('serves scripts and styles with their types and nosniff', async () => {
    const js = await handle(new Request('app://loa/assets/index.js'))
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(js.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await js.text()).toBe('console.log(1)')
    const css = await handle(new Request('app://loa/assets/app.css?v=2'))
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8')
  })

  it('answers 404 for a missing file and for a folder', async () => {
    expect((await handle(new Request('app://loa/nope.js'))).status).toBe(404)
    expect((await handle(new Request('app://loa/assets'))).status).toBe(404)
  })

  it('never serves a file outside the renderer folder', async () => {
    const attempts = [
      'app://loa/../secret.txt',
      'app://loa/%2e%2e/secret.txt',
      'app://loa/..%2fsecret.txt',
      'app://loa/assets/..%2f..%2fsecret.txt',
      'app://loa/..%5csecret.txt',
      'app://loa/%2e%2e%5csecret.txt',
      `app://loa/${encodeURIComponent(join(base, 'secret.txt'))}`,
      'app://loa/../renderer-evil.txt',
      'app://loa/index.html%00.js',
      'app://loa/%E0%A4%A',
    ]
    for (const url of attempts) {
      const res = await handle(new Request(url))
      expect([403, 404], url).toContain(res.status)
      expect(await res.text(), url).not.toContain(SECRET)
    }
  })

  it('refuses other hosts and other methods', async () => {
    expect((await handle(new Request('app://evil/index.html'))).status).toBe(403)
    expect((await handle(new Request('app://loa/index.html', { method: 'POST', body: 'x' }))).status).toBe(
      405,
    )
  })

  it('resolves paths only inside the root', () => {
    expect(resolveAppPath(root, 'app://loa/assets/index.js')).toBe(join(root, 'assets', 'index.js'))
    expect(resolveAppPath(root, 'app://loa/..%2fsecret.txt')).toBeNull()
    expect(resolveAppPath(root, 'https://loa/index.html')).toBeNull()
    expect(resolveAppPath(root, 'not a url')).toBeNull()
  })
})

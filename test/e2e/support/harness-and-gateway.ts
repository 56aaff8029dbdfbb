// The browser harness, a Chromium to open its pages in, and a second demo service standing in for the
// user's real gateway: started once before a file's tests and closed after them. Call
// `harnessAndGateway()` at the top of a test file; it registers its own beforeAll and afterAll.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { startDemoServer, type DemoServer } from '../../../main/demo/server'
import { launchChromium } from './browser'
import { startTestHarness } from './harness'

export type Harness = Awaited<ReturnType<typeof startTestHarness>>

export interface HarnessAndGateway {
  readonly browser: Browser
  readonly harness: Harness
  readonly gateway: DemoServer
}

export function harnessAndGateway(): HarnessAndGateway {
  let browser: Browser | undefined
  let harness: Harness | undefined
  let gateway: DemoServer | undefined

  beforeAll(async () => {
    gateway = await startDemoServer({ port: 0, seed: 7 })
    harness = await startTestHarness()
    browser = await launchChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await harness?.close()
    await gateway?.close()
  })

  const started = <T>(what: T | undefined, name: string): T => {
    if (what === undefined) throw new Error(`harnessAndGateway: the ${name} is started in beforeAll`)
    return what
  }
  return {
    get browser() {
      return started(browser, 'browser')
    },
    get harness() {
      return started(harness, 'harness')
    },
    get gateway() {
      return started(gateway, 'gateway')
    },
  }
}

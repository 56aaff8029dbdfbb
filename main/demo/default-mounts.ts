// The parts `startDemoServer` plugs in when the caller names none: the realtime API.
import type { DemoMountFactory } from './context'
import { mountRealtime } from './realtime/index'

export const DEFAULT_MOUNTS: readonly DemoMountFactory[] = [(ctx) => mountRealtime(ctx)]

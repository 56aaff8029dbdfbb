// open_view: brings one of Loa's views forward in its window.
import type { ViewName } from '../../../preload/contract'
import { ToolInputError, stringArg, type VoiceTool } from './tool'

const VIEWS: readonly ViewName[] = ['voice', 'reader', 'usage', 'catalog', 'settings']

export const openView: VoiceTool = {
  declaration: {
    type: 'function',
    name: 'open_view',
    description: "Opens one of Loa's views: voice, reader, usage, catalog or settings.",
    parameters: {
      type: 'object',
      properties: { view: { type: 'string', enum: [...VIEWS] } },
      required: ['view'],
    },
  },
  sideEffect: true,
  available: (deps) => deps.openView !== undefined,
  async run(args, deps) {
    const view = stringArg(args, 'view') as ViewName
    if (!VIEWS.includes(view)) throw new ToolInputError(`'view' must be one of ${VIEWS.join(', ')}.`)
    deps.openView?.(view)
    return { opened: view }
  },
}

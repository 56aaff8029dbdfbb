// Every verb of `loa`, in the order `loa --help` lists them.
import type { Verb } from '../verb'
import { demoServerVerb } from './demo-server'
import { doctorVerb } from './doctor'
import { loginVerb, logoutVerb } from './login'
import { statusVerb } from './status'
import { usageVerb } from './usage'
import { modelsVerb } from './models'
import { realtimeModelsVerb } from './realtime-models'
import { sessionsVerb } from './sessions'
import { sayVerb } from './say'
import { talkVerb } from './talk'
import { voicesVerb } from './voices'

export const VERBS: readonly Verb[] = [
  statusVerb,
  usageVerb,
  modelsVerb,
  talkVerb,
  sessionsVerb,
  realtimeModelsVerb,
  sayVerb,
  voicesVerb,
  loginVerb,
  logoutVerb,
  doctorVerb,
  demoServerVerb,
]

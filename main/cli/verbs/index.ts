// Every verb of `loa`, in the order `loa --help` lists them.
import type { Verb } from '../verb'
import { demoServerVerb } from './demo-server'

export const VERBS: readonly Verb[] = [demoServerVerb]

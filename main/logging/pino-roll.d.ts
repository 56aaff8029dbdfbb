// pino-roll ships no types; this is the part of its API the log uses (see its README).
declare module 'pino-roll' {
  import type SonicBoom from 'sonic-boom'

  interface PinoRollOptions {
    file: string
    size?: string | number
    frequency?: 'daily' | 'hourly' | number
    extension?: string
    limit?: { count?: number; removeOtherLogFiles?: boolean }
    mkdir?: boolean
    sync?: boolean
  }

  export default function pinoRoll(options: PinoRollOptions): Promise<SonicBoom>
}

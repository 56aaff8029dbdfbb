// Exit codes of `loa`, shared by every verb so scripts can branch on the kind of failure.
export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  auth: 3,
  rateLimited: 4,
  network: 5,
} as const

export type ExitCode = (typeof EXIT)[keyof typeof EXIT]

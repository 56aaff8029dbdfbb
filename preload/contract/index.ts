// The one IPC contract between main and the renderer, by domain. It owns every shape that crosses IPC and
// imports nothing from main/ or renderer/: main/api's parsers declare that they produce these shapes.
export type * from './account'
export type * from './app'
export type * from './catalog'
export type * from './errors'
export type * from './ipc'
export * from './reader'
export * from './settings'
export * from './reader-document'
export type * from './voice'
export * from './video'

// The Reader's text limit is the IPC request's, so the contract holds it.
export { MAX_READER_TEXT } from '../../preload/contract'

/**
 * The longest text the Reader takes at once (UTF-16 units): a book chapter. The browser harness's
 * socket caps a frame at 1 MiB, and this at three UTF-8 bytes a unit stays under it.
 */
export const MAX_READER_TEXT = 200_000

// The names the worklets register under; the page creates its nodes by these.
export const PLAYBACK_PROCESSOR = 'loa-playback'
export const CAPTURE_PROCESSOR = 'loa-capture'

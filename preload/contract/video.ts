// Sharing a window, the screen or the camera with a voice model that takes video (realtime-api.md
// "Session create request": `input.video`, which caps the session at 2 minutes). The page captures and
// downscales; main sends the frames on the session's link.

export type VoiceShareSource = 'screen' | 'window' | 'camera'

/** Sharing under way; the session carrying it is in `VoiceStatus.session` with its 2-minute end. */
export interface VoiceSharing {
  source: VoiceShareSource
  /** The video session is open and frames go out; false while it is being opened. */
  live: boolean
}

/** One frame as the page sends it to main. */
export interface VoiceVideoFrame {
  /** The JPEG, base64. */
  jpegBase64: string
  width: number
  height: number
}

/** Frames are downscaled so their longest side is at most this. */
export const MAX_VIDEO_FRAME_SIDE_PX = 1024
/**
 * A frame's JPEG is at most this many bytes: over WebRTC it travels whole in one data-channel message,
 * which peers cap at 64 KiB (werift's default, and what Chromium honours when the other side says so);
 * in base64 with its event around it, 45 KiB of JPEG stays under that.
 */
export const MAX_VIDEO_FRAME_BYTES = 45 * 1024
/** About one frame a second: enough for a model to follow a screen, light on the wallet. */
export const VIDEO_FRAME_INTERVAL_MS = 1_000

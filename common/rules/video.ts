/** Lesson videos: the hosts a section's video may come from, and what the section form says about a link. */

export const VIDEO_PROVIDERS = ['youtube', 'vimeo'] as const;
export type VideoProvider = (typeof VIDEO_PROVIDERS)[number];

/**
 * The players a page may frame, and nothing else: the Content-Security-Policy's `frame-src` is exactly these
 * (YouTube's privacy-enhanced player, which sets no cookie until the video plays, and Vimeo's).
 */
export const VIDEO_FRAME_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

export const VIDEO_MESSAGES = {
  notText: 'Video link must be text',
  tooLong: 'Video link must be at most 500 characters',
  unsupported:
    'Video link must be a YouTube link (youtube.com/watch?v=..., youtu.be/... or youtube.com/embed/...) or a Vimeo link (vimeo.com/...)',
} as const;

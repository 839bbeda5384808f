/**
 * A lesson's video: a link to YouTube or Vimeo, the only hosts a section's video may come from. A link is stored as
 * its provider and id, never as typed, so the page draws an address we build ourselves (youtube-nocookie.com or
 * player.vimeo.com) and nothing a link could smuggle in reaches the page.
 */
import { z } from 'zod';
import { VIDEO_MESSAGES, VIDEO_PROVIDERS, type VideoProvider } from '../rules/video';

export interface VideoRef {
  provider: VideoProvider;
  id: string;
}

/** Links longer than this are not a video's address: refused before anything else looks at them. */
export const VIDEO_URL_MAX = 500;

// Each pattern is anchored, has no nested or overlapping repetition and runs once over the text: linear in its length.
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^[0-9]{1,12}$/;
const ADDRESS = /^https?:\/\/([^/?#]+)([^?#]*)(\?[^#]*)?(#.*)?$/i;

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com']);

/** The `v` parameter of a query string (`?a=1&v=ID`), read by splitting, not by a pattern. */
function queryParam(query: string, name: string): string | null {
  for (const pair of query.slice(1).split('&')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq) === name) return pair.slice(eq + 1);
  }
  return null;
}

/**
 * Reads a YouTube (youtube.com/watch?v=ID, youtu.be/ID, youtube.com/embed/ID) or Vimeo (vimeo.com/ID) link; null for
 * any other text. The host is compared whole, so `youtube.com.example.org` or `evil.com/youtube.com` is no link.
 */
export function parseVideoUrl(input: string): VideoRef | null {
  const text = input.trim();
  if (text.length > VIDEO_URL_MAX) return null;
  const match = ADDRESS.exec(text);
  if (!match) return null;
  const host = match[1].toLowerCase();
  const path = match[2].replace(/\/$/, '');
  const query = match[3] ?? '';
  let id: string | null = null;
  if (YOUTUBE_HOSTS.has(host)) {
    if (path === '/watch') id = queryParam(query, 'v');
    else if (path.startsWith('/embed/')) id = path.slice('/embed/'.length);
    return id !== null && YOUTUBE_ID.test(id) ? { provider: 'youtube', id } : null;
  }
  if (host === 'youtu.be') {
    id = path.slice(1);
    return YOUTUBE_ID.test(id) ? { provider: 'youtube', id } : null;
  }
  if (VIMEO_HOSTS.has(host)) {
    id = path.slice(1);
    return VIMEO_ID.test(id) ? { provider: 'vimeo', id } : null;
  }
  return null;
}

/** The address a stored video is played from: the privacy-enhanced YouTube player, or Vimeo's. */
export function videoEmbedUrl(video: VideoRef): string {
  return video.provider === 'youtube'
    ? `https://www.youtube-nocookie.com/embed/${encodeURIComponent(video.id)}`
    : `https://player.vimeo.com/video/${encodeURIComponent(video.id)}`;
}

/** The link staff see in the section form for a stored video. */
export function videoWatchUrl(video: VideoRef): string {
  return video.provider === 'youtube'
    ? `https://www.youtube.com/watch?v=${encodeURIComponent(video.id)}`
    : `https://vimeo.com/${encodeURIComponent(video.id)}`;
}

/** A stored video as the API sends it. */
export const videoRef = z.object({ provider: z.enum(VIDEO_PROVIDERS), id: z.string() });

/**
 * The section form's video link: empty (or null) removes the video, anything else must be a YouTube or Vimeo link.
 * Its output is the link rewritten in its one canonical form ('' for none), so the form can send what it parsed and
 * the server stores `parseVideoUrl` of it as provider and id.
 */
export const videoUrlField = z
  .string({ error: VIDEO_MESSAGES.notText })
  .nullish()
  .transform((value, ctx): string => {
    const text = (value ?? '').trim();
    if (text === '') return '';
    if (text.length > VIDEO_URL_MAX) {
      ctx.addIssue({ code: 'custom', message: VIDEO_MESSAGES.tooLong });
      return z.NEVER;
    }
    const video = parseVideoUrl(text);
    if (!video) {
      ctx.addIssue({ code: 'custom', message: VIDEO_MESSAGES.unsupported });
      return z.NEVER;
    }
    return videoWatchUrl(video);
  });

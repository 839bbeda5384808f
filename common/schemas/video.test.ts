import { describe, expect, it } from 'vitest';
import { VIDEO_MESSAGES } from '../rules/video';
import { parseVideoUrl, videoEmbedUrl, videoUrlField, videoWatchUrl } from './video';

const ID = 'dQw4w9WgXcQ';

describe('parseVideoUrl', () => {
  it.each([
    [`https://www.youtube.com/watch?v=${ID}`, 'youtube', ID],
    [`https://youtube.com/watch?v=${ID}`, 'youtube', ID],
    [`https://m.youtube.com/watch?feature=share&v=${ID}&t=42s`, 'youtube', ID],
    [`http://www.youtube.com/watch?v=${ID}#t=10`, 'youtube', ID],
    [`https://youtu.be/${ID}`, 'youtube', ID],
    [`https://youtu.be/${ID}?si=abc`, 'youtube', ID],
    [`https://www.youtube.com/embed/${ID}`, 'youtube', ID],
    [`  https://WWW.YOUTUBE.COM/embed/${ID}/  `, 'youtube', ID],
    ['https://vimeo.com/76979871', 'vimeo', '76979871'],
    ['https://www.vimeo.com/76979871?share=copy', 'vimeo', '76979871'],
  ])('reads %s', (url, provider, id) => {
    expect(parseVideoUrl(url)).toEqual({ provider, id });
  });

  it.each([
    'not a link',
    `ftp://youtube.com/watch?v=${ID}`,
    `javascript:alert(1)//youtube.com/watch?v=${ID}`,
    `https://youtube.com.evil.test/watch?v=${ID}`,
    `https://evil.test/youtube.com/watch?v=${ID}`,
    `https://evil.test/?u=https://youtu.be/${ID}`,
    `https://user@evil.test/watch?v=${ID}`,
    'https://www.youtube.com/watch?v=short',
    `https://www.youtube.com/watch?v=${ID}x`,
    `https://www.youtube.com/watch?vv=${ID}`,
    'https://www.youtube.com/embed/',
    `https://www.youtube.com/embed/${ID}/extra`,
    `https://youtu.be/${ID}/more`,
    'https://vimeo.com/channels/staffpicks',
    'https://vimeo.com/12345678901234',
    'https://player.vimeo.com/video/76979871',
    `https://www.youtube-nocookie.com/embed/${ID}"><script>`,
    `https://youtu.be/${ID}<script>`,
  ])('refuses %s', (url) => {
    expect(parseVideoUrl(url)).toBeNull();
  });

  it('answers a 100 KB hostile string at once', () => {
    const hostile = [
      `https://www.youtube.com/watch?${'v=&'.repeat(34_000)}`,
      `https://${'a'.repeat(100_000)}`,
      `https://youtu.be/${'/'.repeat(100_000)}`,
      'https://vimeo.com/' + '1'.repeat(100_000),
    ];
    // Generous against a loaded machine: a pattern that backtracked on these would take seconds.
    for (const text of hostile) {
      const started = performance.now();
      expect(parseVideoUrl(text)).toBeNull();
      expect(videoUrlField.safeParse(text).success).toBe(false);
      expect(performance.now() - started).toBeLessThan(200);
      // Just under the length bound, the patterns themselves run over it: still at once.
      const bounded = text.slice(0, 499);
      const again = performance.now();
      parseVideoUrl(bounded);
      expect(performance.now() - again).toBeLessThan(200);
    }
  });
});

describe('videoUrlField', () => {
  it('rewrites a link in its canonical form, read again as the same video, and empty as no video', () => {
    const canonical = videoUrlField.parse(`https://youtu.be/${ID}?si=x`);
    expect(canonical).toBe(`https://www.youtube.com/watch?v=${ID}`);
    expect(parseVideoUrl(canonical)).toEqual({ provider: 'youtube', id: ID });
    expect(videoUrlField.parse(canonical)).toBe(canonical);
    expect(videoUrlField.parse('https://vimeo.com/42/')).toBe('https://vimeo.com/42');
    expect(videoUrlField.parse('')).toBe('');
    expect(videoUrlField.parse('   ')).toBe('');
    expect(videoUrlField.parse(null)).toBe('');
  });

  it('says what is wrong', () => {
    const message = (value: unknown) => videoUrlField.safeParse(value).error?.issues[0]?.message;
    expect(message('https://example.com/video.mp4')).toBe(VIDEO_MESSAGES.unsupported);
    expect(message(`https://youtu.be/${'x'.repeat(600)}`)).toBe(VIDEO_MESSAGES.tooLong);
    expect(message(42)).toBe(VIDEO_MESSAGES.notText);
  });
});

describe('the addresses drawn', () => {
  it('plays YouTube from youtube-nocookie.com and Vimeo from player.vimeo.com', () => {
    expect(videoEmbedUrl({ provider: 'youtube', id: ID })).toBe(`https://www.youtube-nocookie.com/embed/${ID}`);
    expect(videoEmbedUrl({ provider: 'vimeo', id: '76979871' })).toBe('https://player.vimeo.com/video/76979871');
    expect(videoWatchUrl({ provider: 'youtube', id: ID })).toBe(`https://www.youtube.com/watch?v=${ID}`);
    expect(videoWatchUrl({ provider: 'vimeo', id: '7' })).toBe('https://vimeo.com/7');
  });
});

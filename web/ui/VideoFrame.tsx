import styles from './VideoFrame.module.css';

/**
 * A video player from another site, framed at 16:9 across the width it is given. Loaded only when scrolled near
 * (`loading="lazy"`); the frame sends our origin as its referrer (players refuse to play without one), never the
 * page's path. Only the players the Content-Security-Policy's frame-src names can load here.
 */
export function VideoFrame({ src, title }: { src: string; title: string }) {
  return (
    <div className={styles.frame}>
      <iframe
        src={src}
        title={title}
        loading="lazy"
        referrerPolicy="strict-origin"
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
      />
    </div>
  );
}

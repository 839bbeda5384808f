import { ArrowLeft } from 'lucide-react';
import type { Section } from '@common/schemas/courses';
import { videoEmbedUrl } from '@common/schemas/video';
import { RichText } from '../../math/RichText';
import { Button } from '../../ui/Button';
import { VideoFrame } from '../../ui/VideoFrame';
import styles from './courses.module.css';

/** View Content: the section as students will see it, through the shared renderer. */
export function SectionContentView({ section, onBack }: { section: Section; onBack(): void }) {
  return (
    <section aria-label="Section content">
      <Button variant="ghost" size="sm" onClick={onBack} className={styles.back} icon={ArrowLeft}>
        Back to Sections
      </Button>
      <article className={styles.lesson}>
        <p className={styles.meta}>
          <span>Section {section.sectionNumber}</span>
          {section.grade ? <span>Grade {section.grade}</span> : null}
        </p>
        <h2 className={styles.lessonTitle}>{section.title}</h2>
        {section.video ? <VideoFrame src={videoEmbedUrl(section.video)} title={`Video: ${section.title}`} /> : null}
        <RichText html={section.content} />
      </article>
    </section>
  );
}

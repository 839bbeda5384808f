import type { OfferingProgram } from '@common/rules';
import { plural } from '@common/rules';
import type { PublicOfferingCard } from '@common/schemas/offerings';
import { CourseArt, type Motif } from '../../ui/CourseArt';

/** Each program's illustration when its offering has no image of its own. */
const PROGRAM_MOTIF: Record<OfferingProgram, Motif> = {
  ssat: 'triangle',
  map: 'graph',
  amc8: 'shapes',
  'amc10-12': 'shapes',
  mathcounts: 'sigma',
  competitions: 'fraction',
  elementary: 'numbers',
  curriculum: 'graph',
};

/** An offering's picture: its uploaded image, else its program's drawing. */
export function OfferingArt({ offering, className }: { offering: PublicOfferingCard; className?: string }) {
  return offering.imageUrl ? (
    <img src={offering.imageUrl} alt="" className={className} loading="lazy" decoding="async" />
  ) : (
    <CourseArt motif={PROGRAM_MOTIF[offering.program]} className={className} />
  );
}

/** What an offering includes, in words: "8 units", "8 mock tests", "32 live sessions", "16 weeks"; none left out. */
export function includedItems(o: PublicOfferingCard): string[] {
  return [
    o.units ? plural(o.units, 'unit') : '',
    o.mockTests ? plural(o.mockTests, 'mock test') : '',
    o.sessions ? plural(o.sessions, 'live session') : '',
    o.duration,
  ].filter(Boolean);
}

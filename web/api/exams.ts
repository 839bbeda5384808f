/**
 * Exam profiles as staff screens read and say them: the admin's page lists and edits them, the test builder offers
 * them as a test's scoring. One cache key, so a profile an admin changes is what the builder offers next.
 */
import { useQuery } from '@tanstack/react-query';
import { plural } from '@common/rules';
import type { ExamSection } from '@common/rules/exams';
import type { ExamProfile } from '@common/schemas/exams';
import { api } from './client';

export const EXAM_PROFILES_KEY = ['exam-profiles'] as const;
export const EXAM_PROFILES_FAILED = 'Failed to load exam profiles';

/** Every profile, built-in ones first as the server orders them. */
export function useExamProfiles(enabled = true) {
  return useQuery({
    queryKey: EXAM_PROFILES_KEY,
    queryFn: async () => (await api.get<{ profiles: ExamProfile[] }>('/exam-profiles', EXAM_PROFILES_FAILED)).profiles,
    enabled,
  });
}

const FRACTIONS: Record<number, string> = { 25: '¼', 50: '½', 75: '¾' };

/**
 * Points as an exam's rules print them: a sign on anything but 0 (a true minus, not a hyphen), and quarters and
 * halves as fractions ("−¼", "+1½"); any other hundredths as decimals.
 */
export function pointsText(points: number): string {
  if (points === 0) return '0';
  const size = Math.abs(points);
  const whole = Math.floor(size + 1e-9);
  const hundredths = Math.round((size - whole) * 100);
  const fraction = FRACTIONS[hundredths];
  const magnitude =
    hundredths === 0 ? String(whole) : fraction ? `${whole === 0 ? '' : whole}${fraction}` : String(size);
  return `${points > 0 ? '+' : '−'}${magnitude}`;
}

/** A profile's points in words: "Right +1 · Wrong −¼ · Blank 0", and its cap where it has one. */
export function rulesText(rules: Pick<ExamProfile, 'right' | 'wrong' | 'blank'> & { cap?: number | null }): string {
  const parts = [
    `Right ${pointsText(rules.right)}`,
    `Wrong ${pointsText(rules.wrong)}`,
    `Blank ${pointsText(rules.blank)}`,
  ];
  if (rules.cap != null) parts.push(`Cap ${rules.cap}`);
  return parts.join(' · ');
}

/** A section in words: "Quantitative 1: 25 questions, 30 min", with its own points for a right answer if any. */
export function sectionText(section: ExamSection): string {
  const own = section.right ? `, right ${pointsText(section.right)}` : '';
  return `${section.name}: ${plural(section.questions, 'question')}, ${section.minutes} min${own}`;
}

export const breakText = (minutes: number) => `Break ${minutes} min`;

/**
 * What a profile with sections asks of a test, for the test builder: "Needs 50 questions: Quantitative 1: 25
 * questions, 30 min; Quantitative 2: 25 questions, 30 min; Break 10 min". Null for a profile without sections
 * (the test's own time limit times it, with any number of questions).
 */
export function sectionsNeedText(profile: Pick<ExamProfile, 'sections' | 'breakMinutes'>): string | null {
  if (profile.sections.length === 0) return null;
  const needed = profile.sections.reduce((sum, s) => sum + s.questions, 0);
  const parts = profile.sections.map(sectionText);
  if (profile.sections.length > 1 && profile.breakMinutes > 0) parts.push(breakText(profile.breakMinutes));
  return `Needs ${plural(needed, 'question')}: ${parts.join('; ')}`;
}

import { QUESTION_GRADE_MAX, QUESTION_GRADE_MIN, STAFF_TYPE_ORDER, type QuestionType } from '@common/schemas/questions';
import type { RandomDrawInput } from '@common/schemas/tests';
import { Button } from '../../ui/Button';
import { SelectField, TextField } from '../../ui/Field';
import { tagOptions, useTags } from './api';

/** The bank's search and filters, as the question bank and the test generator hold them. */
export interface BankFilters {
  q: string;
  grade: string;
  focus: string;
  category: string;
  type: string;
}
export const NO_FILTERS: BankFilters = { q: '', grade: '', focus: '', category: '', type: '' };

/** The filters as the server's bodies take them (the test generator's draw, an export): the ones set, typed. */
export function filterBody(filters: BankFilters): NonNullable<RandomDrawInput['filters']> {
  return {
    ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
    ...(filters.grade ? { grade: Number(filters.grade) } : {}),
    ...(filters.type ? { type: filters.type as QuestionType } : {}),
    ...(filters.category ? { category: [filters.category] } : {}),
    ...(filters.focus ? { focus: [filters.focus] } : {}),
  };
}

/** Grades 1 to 12 as the options of a select. */
export const GRADE_OPTIONS = Array.from({ length: QUESTION_GRADE_MAX - QUESTION_GRADE_MIN + 1 }, (_, i) => ({
  value: String(i + 1),
  label: `Grade ${i + 1}`,
}));

interface BankFilterFieldsProps {
  filters: BankFilters;
  /** Called with the filters that change; Clear Filters changes them all back to none. */
  onChange(changes: Partial<BankFilters>): void;
  /** The row's layout, and the Clear Filters button's, as the page around them places them. */
  className: string;
  clearClassName?: string;
}

/** Search, grade, focus, category and type of the bank's questions, and Clear Filters (types in the staff order). */
export function BankFilterFields({ filters, onChange, className, clearClassName }: BankFilterFieldsProps) {
  const categories = useTags('category');
  const focusAreas = useTags('focus');
  return (
    <div className={className}>
      <TextField
        label="Search"
        type="search"
        placeholder="Text, source, category or focus"
        value={filters.q}
        onChange={(e) => onChange({ q: e.target.value })}
      />
      <SelectField
        label="Grade"
        placeholder="All grades"
        options={GRADE_OPTIONS}
        value={filters.grade}
        onChange={(e) => onChange({ grade: e.target.value })}
      />
      <SelectField
        label="Focus"
        placeholder="All focus areas"
        options={tagOptions(focusAreas.data)}
        value={filters.focus}
        onChange={(e) => onChange({ focus: e.target.value })}
      />
      <SelectField
        label="Category"
        placeholder="All categories"
        options={tagOptions(categories.data)}
        value={filters.category}
        onChange={(e) => onChange({ category: e.target.value })}
      />
      <SelectField
        label="Type"
        placeholder="All types"
        options={STAFF_TYPE_ORDER.map((t) => ({ value: t, label: t }))}
        value={filters.type}
        onChange={(e) => onChange({ type: e.target.value })}
      />
      <Button variant="ghost" className={clearClassName} onClick={() => onChange(NO_FILTERS)}>
        Clear Filters
      </Button>
    </div>
  );
}

// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { HeatMap } from './HeatMap';
import { SKILL_LEVEL_STEPS } from './SkillLevel';

afterEach(cleanup);

function renderMap() {
  render(
    <HeatMap
      label="Skill levels of 6B"
      leadHeader="Student"
      columns={[
        { key: 's1', header: 'Computation' },
        { key: 's2', header: 'Reasoning' },
      ]}
      rows={[
        { key: 'a', name: 'Ava Brooks', values: [4, 0] },
        { key: 'b', name: 'Ben Diaz', values: [2, 1] },
      ]}
      steps={SKILL_LEVEL_STEPS}
    />,
  );
}

describe('HeatMap', () => {
  it('is a table with its columns and rows named by headers, each cell saying its level in words', () => {
    renderMap();
    const table = screen.getByRole('table', { name: 'Skill levels of 6B' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Student', 'Computation', 'Reasoning']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Ava Brooks', 'Ben Diaz']);
    const [, ava, ben] = within(table).getAllByRole('row');
    expect(
      within(ava)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Mastered', 'Not started']);
    expect(
      within(ben)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Familiar', 'Attempted']);
  });

  it('has a legend of every level in order, and a frame the keyboard can scroll', () => {
    renderMap();
    const legend = screen.getByRole('list', { name: 'Legend of Skill levels of 6B' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['Not started', 'Attempted', 'Familiar', 'Proficient', 'Mastered']);
    expect(screen.getByRole('region', { name: 'Skill levels of 6B, scrolls sideways' })).toHaveProperty('tabIndex', 0);
  });

  it('colors cells of the same level alike and of different levels apart', () => {
    renderMap();
    const cell = (text: string) => screen.getAllByRole('cell').find((c) => c.textContent === text)!.className;
    expect(cell('Mastered')).not.toBe(cell('Familiar'));
    expect(new Set(SKILL_LEVEL_STEPS.map((s) => s.tone)).size).toBe(SKILL_LEVEL_STEPS.length);
  });
});

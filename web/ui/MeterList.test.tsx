// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MeterList } from './MeterList';

afterEach(cleanup);

describe('MeterList', () => {
  it('names each meter for screen readers and writes the percentage unless told otherwise', () => {
    render(
      <MeterList
        rows={[
          { key: 'r', label: 'Reasoning', percent: 25, meterLabel: 'Reasoning accuracy' },
          { key: 'q3', label: 'Question 3', percent: 0, meterLabel: 'Question 3 correct', text: 'Deleted' },
        ]}
      />,
    );
    const meter = screen.getByRole('meter', { name: 'Reasoning accuracy' });
    expect(meter.getAttribute('value')).toBe('25');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Reasoning25%', 'Question 3Deleted']);
  });
});
